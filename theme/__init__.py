"""papersite's Material for MkDocs overrides, shipped with the package as ``generator.theme``.

This folder is the theme's ``custom_dir``: ``main.html`` and ``sitemap.xml`` override
Material's templates, and ``assets/`` holds the styles and scripts every site loads. It is a
package only so that pip installs it with papersite (pyproject.toml maps it): a site folder
uses it from the installed package and copies it only to customise it.
"""
