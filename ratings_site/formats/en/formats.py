"""Dates as the rating lists write them (ISO 8601: 2025-04-01), on every page: Django's
English formats would mix "April 1, 2025", "04/01/2025" and ISO dates from page to page."""

DATE_FORMAT = "Y-m-d"
SHORT_DATE_FORMAT = "Y-m-d"
DATETIME_FORMAT = "Y-m-d H:i"
SHORT_DATETIME_FORMAT = "Y-m-d H:i"
