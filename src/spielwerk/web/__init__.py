"""The server: HTTP API, websockets, storage and bots around the engine (an adapter, no rules).

`spielwerk serve` runs it; `spielwerk.web.app.create_app(db_url)` builds the ASGI app. Nothing in
`spielwerk` itself imports this package, so the engine needs none of its dependencies.
"""
