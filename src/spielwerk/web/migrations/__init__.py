"""Alembic migrations of the server's database, run on start (`spielwerk.web.db.migrate`)."""
