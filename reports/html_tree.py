"""A report's HTML read into the element tree WeasyPrint lays out, by the standard library's
parser: the same tree WeasyPrint's own HTML5 parser (``tinyhtml5``) makes, five to ten times
sooner (that parser reads a character at a time: 30-110 ms of a report's render, 5-10%).

Our reports are HTML we write ourselves: nested as written, every element closed, a few dozen
tags (``reports.render.PRINTED_TAGS``) and a chart's inline SVG. For such HTML the HTML5
algorithm adds nothing to what is written (no implied ``<tbody>``, no paragraph closed by a
block, no table content moved out of its table), so a strict reading of the tags as they come
is the same tree. Anything else, anything this reader does not know for sure how HTML5 would
read, makes it give up (``Unsupported``) and the report is read by ``tinyhtml5`` as before:
never a different tree, at worst the old speed. ``tests/reports/test_every_pdf.py`` reads
every printout of the demo both ways and finds the same tree, read here.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import tinyhtml5

SVG = "{http://www.w3.org/2000/svg}"
XMLNS = "{http://www.w3.org/2000/xmlns/}"

# HTML elements that have no end tag.
VOID = frozenset({"meta", "link", "img", "br", "col", "hr", "wbr", "input", "source", "area"})
# Elements a report is written with whose reading HTML5 leaves as written (no other element
# closes or moves them when nested as ours are). Lists, forms, ``pre`` (its first newline is
# dropped) and the rest are left to tinyhtml5.
HTML_TAGS = frozenset(
    {"html", "head", "meta", "title", "style", "body", "header", "section", "div", "p", "br"}
    | {"h1", "h2", "h3", "h4", "span", "b", "strong", "small", "img", "figure", "figcaption"}
    | {"table", "caption", "colgroup", "col", "thead", "tbody", "tfoot", "tr", "th", "td"}
)
# A start tag of these closes an open paragraph in HTML5 (ours never open one inside a <p>).
CLOSES_PARAGRAPH = frozenset(
    {"div", "p", "header", "section", "figure", "figcaption", "table", "h1", "h2", "h3", "h4"}
)
# The only elements HTML5 leaves inside these parts of a table (any other it moves out of the
# table, or closes the part for); only whitespace may stand between them.
TABLE_PARTS = {
    "table": {"caption", "colgroup", "thead", "tbody", "tfoot"},
    "thead": {"tr"},
    "tbody": {"tr"},
    "tfoot": {"tr"},
    "tr": {"td", "th"},
    "colgroup": {"col"},
}
# The same read the other way: the parents a table's part must have here (elsewhere HTML5
# would insert a part of its own, or ignore the tag).
PARENTS = {
    child: {parent for parent, children in TABLE_PARTS.items() if child in children}
    for children in TABLE_PARTS.values()
    for child in children
}
HEAD_TAGS = frozenset({"meta", "title", "style"})
HEADINGS = frozenset({"h1", "h2", "h3", "h4"})
# Every "&" a reference HTML5 and the standard library decode alike (closed by ";").
LOOSE_AMPERSAND = re.compile(r"&(?!#[0-9]+;|#[xX][0-9a-fA-F]+;|[A-Za-z][A-Za-z0-9]*;)")
# The SVG of the charts: its tags, and the attributes whose case HTML5 restores (it reads names
# in lower case, then gives these SVG names their mixed case back, however they were written);
# any other name written in mixed case gives up.
SVG_TAG_NAMES = {
    name.lower(): name
    for name in (
        *("svg", "g", "path", "rect", "line", "polyline", "polygon", "circle", "ellipse"),
        *("text", "tspan", "title", "desc", "defs", "linearGradient", "radialGradient", "stop"),
    )
}
SVG_ATTRIBUTES = {
    name.lower(): name
    for name in (
        *("attributeName", "attributeType", "baseFrequency", "baseProfile", "calcMode"),
        *("clipPathUnits", "diffuseConstant", "edgeMode", "filterUnits", "glyphRef"),
        *("gradientTransform", "gradientUnits", "kernelMatrix", "kernelUnitLength"),
        *("keyPoints", "keySplines", "keyTimes", "lengthAdjust", "limitingConeAngle"),
        *("markerHeight", "markerUnits", "markerWidth", "maskContentUnits", "maskUnits"),
        *("numOctaves", "pathLength", "patternContentUnits", "patternTransform"),
        *("patternUnits", "pointsAtX", "pointsAtY", "pointsAtZ", "preserveAlpha"),
        *("preserveAspectRatio", "primitiveUnits", "refX", "refY", "repeatCount"),
        *("repeatDur", "requiredExtensions", "requiredFeatures", "specularConstant"),
        *("specularExponent", "spreadMethod", "startOffset", "stdDeviation", "stitchTiles"),
        *("surfaceScale", "systemLanguage", "tableValues", "targetX", "targetY"),
        *("textLength", "viewBox", "viewTarget", "xChannelSelector", "yChannelSelector"),
        *("zoomAndPan",),
    )
}
NAMES = re.compile(r"[\s/]([^\s/>=\"']+)")  # a start tag's attribute names as written
WHITESPACE = frozenset(" \t\n\f\r")


class Unsupported(ValueError):
    """HTML this reader cannot promise to read as HTML5 would: tinyhtml5 reads it."""


def report_tree(html: str) -> ET.Element:
    """The root (``<html>``) of the tree WeasyPrint lays out for ``html``."""
    try:
        return fast_tree(html)
    except Unsupported:
        return html5_tree(html)


def html5_tree(html: str) -> ET.Element:
    """WeasyPrint's own reading (``weasyprint.HTML``: HTML elements without a namespace)."""
    return tinyhtml5.parse(html, namespace_html_elements=False)


def fast_tree(html: str) -> ET.Element:
    """``html`` read strictly (``Reader``); raises ``Unsupported`` where HTML5 might differ."""
    if "\x00" in html or LOOSE_AMPERSAND.search(html):
        raise Unsupported("a NUL, or an & that is not a closed reference")
    reader = Reader()
    reader.feed(html.replace("\r\n", "\n").replace("\r", "\n"))
    reader.close()
    return reader.root()


def _whitespace(text: str) -> bool:
    return all(c in WHITESPACE for c in text)


class Reader(HTMLParser):
    """A document as ``<!doctype html><html><head>…</head><body>…</body></html>``, with text
    placed where HTML5 places it: whitespace before ``<head>`` dropped, between ``</head>`` and
    ``<body>`` after the head, and after ``</body>`` at the body's end."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[ET.Element] = []
        self.html: ET.Element | None = None
        self.body: ET.Element | None = None
        self.head_closed = self.body_closed = self.html_closed = False
        self.doctype = False

    def root(self) -> ET.Element:
        if self.html is None or not self.html_closed:
            raise Unsupported("the document is not closed as written")
        return self.html

    # Tags

    def handle_decl(self, decl: str) -> None:
        if decl.lower() != "doctype html" or self.doctype or self.html is not None:
            raise Unsupported(decl)
        self.doctype = True

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._start(tag, attrs, closed=False)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._start(tag, attrs, closed=True)

    def _start(self, tag: str, attrs: list[tuple[str, str | None]], closed: bool) -> None:
        parent = self.stack[-1].tag if self.stack else None
        if parent in ("title", "style") or (
            parent in TABLE_PARTS and tag not in TABLE_PARTS[parent]
        ):
            raise Unsupported(f"<{tag}> in <{parent}>")  # text only; moved out of the table
        if tag == "svg" or (parent is not None and parent.startswith(SVG)):
            element = self._svg_element(tag, attrs)
            self._append(element)
            if not closed:
                self.stack.append(element)
            return
        if tag not in HTML_TAGS or (closed and tag not in VOID):
            raise Unsupported(tag)  # a "/>" on a non-void HTML element leaves it open in HTML5
        if not self.doctype or self.body_closed:
            raise Unsupported(tag)
        element = ET.Element(tag, self._attributes(attrs))
        if tag == "html":
            if self.html is not None:
                raise Unsupported(tag)
            self.html = element
            self.stack.append(element)
            return
        if tag == "head":
            if self._path() != ["html"] or len(self.html):  # type: ignore[arg-type]
                raise Unsupported(tag)
        elif tag == "body":
            if self._path() != ["html"] or not self.head_closed or self.body is not None:
                raise Unsupported(tag)
            self.body = element
        elif self.body is None and (self._path() != ["html", "head"] or tag not in HEAD_TAGS):
            raise Unsupported(tag)  # anything else would end the head
        if tag in HEADINGS and parent in HEADINGS:
            raise Unsupported(tag)  # a heading in a heading closes the first
        parents = PARENTS.get(tag)
        if parents is not None and parent not in parents:
            raise Unsupported(tag)
        if tag in CLOSES_PARAGRAPH and any(open_.tag == "p" for open_ in self.stack):
            raise Unsupported(tag)
        self._append(element)
        if tag not in VOID:
            self.stack.append(element)

    def handle_endtag(self, tag: str) -> None:
        if self.stack and self.stack[-1].tag.startswith(SVG):
            if self.stack[-1].tag != SVG + SVG_TAG_NAMES.get(tag, "?"):
                raise Unsupported(f"</{tag}>")
            self.stack.pop()
            return
        if tag == "html" and self.body_closed and not self.html_closed:
            self.html_closed = True
            return
        if tag in VOID or self.body_closed or not self.stack or self.stack[-1].tag != tag:
            raise Unsupported(f"</{tag}>")  # an end tag HTML5 would imply or ignore
        if tag == "body":
            self.body_closed = True
            return  # the body stays open: text after it is the body's (HTML5 "after body")
        if tag == "head":
            self.head_closed = True
        self.stack.pop()

    def _svg_element(self, tag: str, attrs: list[tuple[str, str | None]]) -> ET.Element:
        name = SVG_TAG_NAMES.get(tag)
        raw = self.get_starttag_text() or ""
        written = re.match(r"<([^\s/>]+)", raw)
        if name is None or written is None or written.group(1) not in (name, tag):
            raise Unsupported(tag)
        if self.body is None or self.body_closed:
            raise Unsupported(tag)
        as_written = set(NAMES.findall(raw[written.end() :]))
        attributes = {}
        for key, value in attrs:
            cased = SVG_ATTRIBUTES.get(key, key)
            if cased not in as_written and key not in as_written:
                raise Unsupported(f"{tag} {key}")  # a name in mixed case we do not know
            if key == "xmlns":
                cased = XMLNS + "xmlns"
            elif ":" in key:
                raise Unsupported(f"{tag} {key}")  # xlink:href and other namespaced names
            if cased in attributes:
                raise Unsupported(f"{tag} {key} twice")
            attributes[cased] = "" if value is None else value
        return ET.Element(SVG + name, attributes)

    @staticmethod
    def _attributes(attrs: list[tuple[str, str | None]]) -> dict[str, str]:
        attributes: dict[str, str] = {}
        for key, value in attrs:
            if key in attributes or ":" in key:
                raise Unsupported(key)  # HTML5 keeps the first of two; a namespaced name
            attributes[key] = "" if value is None else value
        return attributes

    def _path(self) -> list[str]:
        return [element.tag for element in self.stack]

    def _append(self, element: ET.Element) -> None:
        if not self.stack:
            raise Unsupported(element.tag)
        self.stack[-1].append(element)

    # Text

    def handle_data(self, data: str) -> None:
        if not data:
            return
        space = _whitespace(data)
        if self.html is None or (self.body is None and not self.head_closed and not len(self.html)):
            if not space:
                raise Unsupported("text before the head")
            return  # HTML5 drops whitespace before <head>
        if self.body_closed:
            if not space:
                raise Unsupported("text after the body")
            self._text(self.body, data)  # type: ignore[arg-type]
            return
        parent = self.stack[-1]
        if parent.tag in TABLE_PARTS and not space:
            raise Unsupported(f"text in <{parent.tag}>")
        if parent.tag in ("html", "head") and not space:
            raise Unsupported("text outside the body")
        self._text(parent, data)

    @staticmethod
    def _text(parent: ET.Element, data: str) -> None:
        if len(parent):
            last = parent[-1]
            last.tail = (last.tail or "") + data
        else:
            parent.text = (parent.text or "") + data

    def handle_comment(self, data: str) -> None:
        raise Unsupported("a comment")

    def handle_pi(self, data: str) -> None:
        raise Unsupported("a processing instruction")

    def unknown_decl(self, data: str) -> None:
        raise Unsupported(data)
