"""The players' pages: club home, standings, player statistics, what-if and CSV (read only)."""
