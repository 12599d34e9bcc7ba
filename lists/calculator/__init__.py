"""The public rating calculator (issue 4): a player's rating, K inputs and opponents in,
expected score and rating change under any rule set out. Nothing is stored."""
