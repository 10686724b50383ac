"""The HTTP edge of the server: request checks, security headers, the OpenAPI document and its answer
models, the static files and the HTML pages.
"""
