"""Writes for Swiss tournaments, one module per concern."""
