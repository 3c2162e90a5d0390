# Sphinx configuration of the hamdyn manual: Markdown pages read by MyST (Debian's
# python3-sphinx and python3-myst-parser); scripts/docs builds it with warnings as errors.
project = "hamdyn"
author = "the hamdyn developers"
extensions = ["myst_parser"]
source_suffix = {".md": "markdown"}
myst_enable_extensions = ["dollarmath", "deflist"]
# heading anchors, so that a page can link to a section of another ([text](page.md#section))
myst_heading_anchors = 3
exclude_patterns = ["_build"]
html_theme = "alabaster"
html_title = "hamdyn manual"
html_theme_options = {"description": "Finite-element dynamics of strings and beams"}
