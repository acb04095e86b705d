"""The reports' HTML reader (``reports.html_tree``) makes the tree WeasyPrint's own HTML5 parser
makes, for any HTML: what it reads itself it reads the same, and what it cannot promise to read
the same it leaves to that parser. No database: the reader is plain Python."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reports.html_tree import (
    SVG_ATTRIBUTES,
    SVG_TAG_NAMES,
    Unsupported,
    fast_tree,
    html5_tree,
    report_tree,
)

HEAD = '<!doctype html>\n<html lang="ja">\n<head>\n<meta charset="utf-8">\n<title>T</title>\n'
HEAD += "<style>p { color: red; } td > b { x: '<b>' }</style>\n</head>\n"


def document(body: str) -> str:
    return f"{HEAD}<body>\n{body}\n</body>\n</html>\n"


def tree_difference(ours: ET.Element, theirs: ET.Element, path: str = "html") -> str | None:
    """Where two trees differ (tag, attributes, text, tail, children), or None."""
    for what in ("tag", "attrib", "text", "tail"):
        if getattr(ours, what) != getattr(theirs, what):
            return f"{path}: {what} {getattr(ours, what)!r} != {getattr(theirs, what)!r}"
    if len(ours) != len(theirs):
        return f"{path}: {len(ours)} children != {len(theirs)}"
    for n, (mine, other) in enumerate(zip(ours, theirs, strict=True)):
        found = tree_difference(mine, other, f"{path}/{other.tag}[{n}]")
        if found:
            return found
    return None


# Read here: nested as written, closed, entities, void tags, an SVG chart in mixed case.
READ_HERE = [
    '<p class="a b">Tom &amp; Jerry &lt;3 &#x27;q&#x27; &quot;</p>',
    "<div><p>a<br>b<br/>c</p><p><span>x</span> <b>y</b></p></div>",
    '<table class="t"><colgroup><col style="width: 3pt"><col></colgroup>'
    "<thead>\n<tr><th>#</th></tr></thead>\n<tbody>\n  <tr><td>東1局</td></tr>\n</tbody></table>",
    '<figure><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="100%">'
    '<title>t</title><g stroke="#000"><line x1="0" y1="0" x2="1" y2="1"/></g>'
    '<text x="1" y="2" text-anchor="end">0</text></svg></figure>',
    '<header class="coded"><div class="head-text"><h1>H</h1></div>'
    '<div class="qr"><img class="qr-code" src="tenbou-qr:aA==" alt=""></div></header>',
    "<section>\n\n  <h2>x</h2>  \n</section>  ",
]
# Left to tinyhtml5: HTML5 would add, close or move something, or this reader cannot tell.
LEFT_TO_HTML5 = [
    "<p>a<div>b</div></p>",  # the <div> closes the paragraph
    "<table><tr><td>x</td></tr></table>",  # a <tbody> is implied
    "<table><tbody><tr><td>x</td></tr>text</tbody></table>",  # the text leaves the table
    "<div/>x",  # "/>" does not close a <div>
    "<p>a</span></p>",  # a stray end tag
    "<p>a<!-- note --></p>",
    "<ul><li>a<li>b</ul>",  # lists are not ours
    "<pre>\nx</pre>",  # the newline after <pre> is dropped
    '<svg viewbox="0 0 1 1" fooBar="2"><line/></svg>',  # a mixed-case name not in the table
    '<svg><use xlink:href="#a"/></svg>',
    '<p class="a" class="b">x</p>',  # HTML5 keeps the first
    "<td>x</td>",  # a cell outside a table
    "<table><div>x</div></table>",  # the div is moved before the table
    "<table><tbody><tr><td>x</td></tr></tbody><svg></svg></table>",
    "<h2>a<h3>b</h3></h2>",  # the second heading closes the first
    "<p><title>a <b>x</b></title></p>",  # a title holds text only
    '<p data-x="?a=1&copy=2">x</p>',  # HTML5 keeps "&copy=" in an attribute as written
]


@pytest.mark.parametrize("body", READ_HERE)
def test_html_a_report_is_written_in_is_read_here_as_html5_reads_it(body: str) -> None:
    html = document(body)
    assert tree_difference(fast_tree(html), html5_tree(html)) is None


@pytest.mark.parametrize("body", LEFT_TO_HTML5)
def test_html_html5_would_read_otherwise_is_left_to_html5(body: str) -> None:
    html = document(body)
    with pytest.raises(Unsupported):
        fast_tree(html)
    assert tree_difference(report_tree(html), html5_tree(html)) is None


def test_svg_names_are_given_the_case_html5_gives_them_however_they_are_written() -> None:
    """Every name of the tables, in lower case and as SVG writes it, on every tag."""
    for written in (str.lower, lambda name: name):
        attributes = " ".join(f'{written(name)}="1"' for name in SVG_ATTRIBUTES.values())
        tags = "".join(
            f"<{written(tag)} {attributes}></{written(tag)}>" for tag in SVG_TAG_NAMES.values()
        )
        html = document(f"<p><svg>{tags}</svg></p>")
        assert tree_difference(fast_tree(html), html5_tree(html)) is None


def test_a_document_not_closed_as_written_is_left_to_html5() -> None:
    for html in (
        "<html><body><p>x</p></body></html>",  # no doctype: quirks mode reads tables otherwise
        f"{HEAD}<body><p>x</p>",  # no </body></html>
        "<!doctype html><p>x</p>",  # no <html>, <head>, <body>
        "<!doctype html><html><head><div>x</div></head><body></body></html>",
        "<!doctype html><html><head>words</head><body></body></html>",
        f"{HEAD}<body><p>x</p></body></html>trailing words",
    ):
        with pytest.raises(Unsupported):
            fast_tree(html)
        assert tree_difference(report_tree(html), html5_tree(html)) is None


TAGS = ["p", "div", "span", "b", "table", "tbody", "tr", "td", "th", "thead", "colgroup"]
TAGS += ["col", "br", "img", "h2", "h3", "section", "figure", "svg", "g", "text", "line", "li"]
TAGS += ["pre", "title", "style", "caption", "tfoot", "meta"]
TEXTS = ["", " ", "\n  ", "x", "東1局", "&amp;", "a&lt;b", "&#x27;", "&copy=1", "&notit;"]


@st.composite
def fragments(draw: st.DrawFn, depth: int = 0) -> str:
    """HTML as a template might go wrong: tags nested anyhow, left open, closed twice,
    self-closed, with text and entities anywhere."""
    parts = []
    for _ in range(draw(st.integers(0, 4 if depth < 3 else 1))):
        kind = draw(st.sampled_from(["text", "element", "element", "stray", "selfclosed"]))
        tag = draw(st.sampled_from(TAGS))
        if kind == "text":
            parts.append(draw(st.sampled_from(TEXTS)))
        elif kind == "stray":
            parts.append(f"</{tag}>")
        elif kind == "selfclosed":
            parts.append(f'<{tag} class="c"/>')
        else:
            inner = draw(fragments(depth + 1)) if depth < 3 else draw(st.sampled_from(TEXTS))
            closed = draw(st.booleans()) or draw(st.booleans())
            parts.append(f'<{tag} id="i">{inner}' + (f"</{tag}>" if closed else ""))
    return "".join(parts)


SPACE = st.sampled_from(["", " ", "\n  "])
PHRASE_TEXT = st.sampled_from(["x", "東1局", "&amp; &lt;", "+12,000", "&#x27;a&#x27;"])


@st.composite
def phrasing(draw: st.DrawFn, depth: int = 0) -> str:
    parts = []
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from(["text", "span", "b", "br", "img"]))
        if kind == "text":
            parts.append(draw(PHRASE_TEXT) + draw(SPACE))
        elif kind in ("br", "img"):
            parts.append(draw(st.sampled_from([f"<{kind}>", f"<{kind}/>", f'<{kind} alt="">'])))
        else:
            inner = draw(phrasing(depth + 1)) if depth < 2 else ""
            parts.append(f'<{kind} class="minus">{inner}</{kind}>')
    return "".join(parts)


@st.composite
def written(draw: st.DrawFn, depth: int = 0) -> str:
    """HTML as our templates write it: blocks, paragraphs, tables and charts, nested anyhow
    but as HTML5 allows, with whitespace between and inside."""
    parts = []
    for _ in range(draw(st.integers(0, 3 if depth < 2 else 1))):
        parts.append(draw(SPACE))
        kind = draw(st.sampled_from(["p", "div", "section", "h2", "table", "svg", "phrasing"]))
        inner = draw(written(depth + 1)) if depth < 2 else ""
        if kind == "p" or kind == "h2":
            parts.append(f"<{kind}>{draw(phrasing())}</{kind}>")
        elif kind in ("div", "section"):
            parts.append(f'<{kind} class="keep">{inner}</{kind}>')
        elif kind == "table":
            cols = "".join("<col>" for _ in range(draw(st.integers(0, 2))))
            cell = draw(st.sampled_from(["td", "th"]))
            rows = "".join(
                f'<tr>{draw(SPACE)}<{cell} colspan="2">{inner}</{cell}></tr>{draw(SPACE)}'
                for _ in range(draw(st.integers(0, 2)))
            )
            head = f"<thead>{draw(SPACE)}</thead>" if draw(st.booleans()) else ""
            parts.append(
                f"<table>{draw(SPACE)}<colgroup>{cols}</colgroup>{head}<tbody>{rows}</tbody></table>"
            )
        elif kind == "svg":
            parts.append(
                f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9">{draw(SPACE)}'
                f'<g stroke="#000"><line x1="0"/></g><text x="1">{draw(PHRASE_TEXT)}</text></svg>'
            )
        else:
            parts.append(draw(phrasing()))
    return "".join(parts)


@settings(max_examples=300, deadline=None)
@given(st.one_of(written(), fragments()))
def test_any_html_is_read_as_html5_reads_it(body: str) -> None:
    """The promise: never a tree other than WeasyPrint's own, whatever the template wrote."""
    html = document(body)
    assert tree_difference(report_tree(html), html5_tree(html)) is None, body
