"""Report pages (upload, findings, player matches, approval), inside the tournaments namespace."""

urlpatterns: list = []
