"""The browser front end: static files served by the server, and the fixtures board views are built on.

``static/`` holds plain HTML, CSS and JavaScript modules (no build step); ``static/boards/<game>.js`` draws
one game's view as SVG. ``fixtures`` writes the JSON that board modules are developed and tested against.
"""
