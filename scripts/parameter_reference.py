#!/usr/bin/python3
"""Writes the manual's parameter reference (Markdown) from `hamdyn parameters` on stdin: every
section, every key with its default, what is allowed and its documentation (units included), as
the program declares them. scripts/docs runs it at every build, so the reference is never written
by hand and never differs from the code.
Usage: hamdyn parameters | scripts/parameter_reference.py > docs/reference/parameters.md"""
import re
import sys

if len(sys.argv) > 1 and sys.argv[1] in ("-h", "--help"):
    print(__doc__)
    sys.exit(0)


def escaped(text):
    """Plain text for Markdown: characters with a meaning there are escaped."""
    return re.sub(r"([\\`*_{}\[\]<>#+!|$~])", r"\\\1", text)


def code(text):
    """An inline code span that holds any text (a longer fence around backquotes)."""
    if text == "":
        return "(empty)"
    return f"`` {text} ``" if "`" in text else f"`{text}`"


lines = sys.stdin.read().split("\n")
out = ["# Parameter reference", "",
       "Generated from `hamdyn parameters` when the manual is built (`scripts/docs`): every key a",
       "case file may set, its default (what a case file that omits it gets), what is allowed and",
       "its meaning with units. Set a key in a case file as `set Key = value` inside",
       "`subsection Section` ... `end`, or on the command line as",
       "`--set \"Section/Key=value\"`.", ""]
preamble = []
sections = []
i = 0
while i < len(lines) and not lines[i].startswith("subsection "):
    if lines[i].strip():
        preamble.append(lines[i].strip())
    i += 1
if preamble:
    out += [escaped(" ".join(preamble)), ""]
body = []
while i < len(lines):
    line = lines[i]
    if line.startswith("subsection "):
        name = line[len("subsection "):].strip()
        sections.append(name)
        body += [f"## {escaped(name)}", ""]
    elif re.match(r"^  \S", line):  # a key: "  Key = default"
        key, _, default = line.strip().partition(" =")
        body += [f"{escaped(key)}", f": default {code(default.strip())}"]
        i += 1
        while i < len(lines) and lines[i].startswith("      "):
            entry = lines[i].strip()
            if entry.startswith("allowed: "):
                body += [f"  allowed: {code(entry[len('allowed: '):])}"]
            else:
                body += [f"", f"  {escaped(entry)}"]
            i += 1
        body.append("")
        continue
    i += 1
if not sections:
    sys.exit("parameter_reference.py: no 'subsection' in the input (expected `hamdyn parameters`)")
out += ["Sections: " + ", ".join(f"[{escaped(s)}](#{re.sub(r'[^a-z0-9 -]', '', s.lower()).replace(' ', '-')})" for s in sections) + ".", ""]
out += body
print("\n".join(out).rstrip() + "")
