"""TeX and Markdown in abstracts, read for what they say.

Takes an abstract's source text; gives a safe HTML fragment (math as MathML) and plain
text, side by side (``convert``), and the plain text of a short TeX string such as a
given title (``tex_to_text``). ``markup`` reads the text and its markup, ``mathml`` the
math spans it hands over.
"""

from .markup import Converted, convert, tex_to_text

__all__ = ["Converted", "convert", "tex_to_text"]
