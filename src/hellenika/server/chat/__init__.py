"""A table's chat: lines stored with the table, read over HTTP, live over the table's WebSocket."""
