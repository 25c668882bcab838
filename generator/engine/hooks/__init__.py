"""MkDocs hooks: what must run inside MkDocs, one small file each (the engine's ``hooks:``).

The generator never imports these; ``generator.engine`` names them in the configuration it
hands MkDocs, by path, from the installed package.
"""
