"""The observation tensor's fields, and the information-state tensor's, are described once
(`noddy.research.fields`): the code lays its tensors out by that description and
`docs/research.md` prints it, word for word."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

from noddy.research.fields import BLOCKS, RECALL_BLOCKS, fields_markdown, recall_markdown
from noddy.research.recall import Recall
from noddy.research.tensors import Encoder
from noddy.rules import load_rules

DOC = Path(__file__).parents[2] / "docs" / "research.md"
TABLE = re.compile(r"<!-- fields: [^\n]*-->\n(.*?)<!-- end of fields -->", re.DOTALL)


def test_the_page_prints_the_fields_the_code_describes() -> None:
    match = TABLE.search(DOC.read_text(encoding="utf-8"))
    assert match is not None, "docs/research.md has lost its table of fields"
    assert match.group(1) == fields_markdown()


def test_the_encoder_lays_its_tensor_out_by_the_description() -> None:
    for players, partners in ((2, None), (3, None), (4, True), (4, False)):
        encoder = Encoder(load_rules("four-card"), players, partners=partners)
        assert [f.name for f in encoder.fields] == [b.name for b in BLOCKS]
        for field, block in zip(encoder.fields, BLOCKS, strict=True):
            assert field.size == block.size(players, encoder.sides)
            assert field.meaning == block.meaning
        assert encoder.fields[0].start == 0
        assert all(a.stop == b.start for a, b in zip(encoder.fields, encoder.fields[1:], strict=False))
        assert encoder.size == encoder.fields[-1].stop


RECALL = re.compile(r"<!-- recall fields: [^\n]*-->\n(.*?)<!-- end of recall fields -->", re.DOTALL)


def test_the_page_prints_the_information_state_rows_the_code_describes() -> None:
    match = RECALL.search(DOC.read_text(encoding="utf-8"))
    assert match is not None, "docs/research.md has lost its table of information-state fields"
    assert match.group(1) == recall_markdown()


def test_the_information_state_tensor_is_laid_out_by_the_description() -> None:
    for players in (2, 3, 4):
        recall = Recall(players, deals=3, slots=7)
        fields = (*recall.front, *recall.deal_fields)
        assert [f.name for f in fields] == [b.name for b in RECALL_BLOCKS]
        assert [f.size for f in fields] == [b.size(players, 7) for b in RECALL_BLOCKS]
        for part in (recall.front, recall.deal_fields):
            assert part[0].start == 0
            assert all(a.stop == b.start for a, b in itertools.pairwise(part))
        assert recall.size == recall.front[-1].stop + 3 * recall.deal_width
