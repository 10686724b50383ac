"""The shared core every domain of the server uses: settings, errors and their HTTP answers, security
primitives (passwords, tokens, CSRF), rate limits, leases across processes, notes between processes (fan-out)
and the open WebSocket connections of each table (the hub).
"""
