"""The component data against the sources' totals (spec §2, §8.3), and the loader's derived tables."""

from __future__ import annotations

from hellenika.games.hellas_delonge.components import GODS, load_catalogue, rotate

CAT = load_catalogue()


def test_tiles_match_the_sourced_totals():
    assert len(CAT.tiles) == 23  # plus the dolphin start tile
    temples = [t for t in CAT.tiles if t.temple]
    assert len(temples) == 6 and len(CAT.tiles) - len(temples) == 17
    assert CAT.dolphin.edges == "SSSSSS" and not CAT.dolphin.temple
    kinds = {t.land_edges for t in CAT.tiles}
    assert {0, 1, 2, 3, 4} <= kinds  # islands, land on 1-2 and on 3-4 edges (musk)
    assert any(t.bridge for t in CAT.tiles)
    # Only temple tiles can make a second body of water (FAQ).
    assert all(t.temple for t in CAT.tiles if len(t.regions) > 1)
    assert all(t.reconstructed for t in CAT.tiles)


def test_cards_match_the_sourced_totals():
    assert len(CAT.cards) == 20
    assert CAT.deck_sizes == (16, 16, 16)
    assert [CAT.cards[r.start].god for r in CAT.god_ranges] == [0, 1, 2]
    assert {CAT.card(c).name for c in ("Z1", "P1", "A3")} == {
        "Double Action",
        "Favourable Winds",
        "Forced March",
    }
    # The three effects anchored in sources are not marked reconstructed; every other one is.
    anchored = {c.id for c in CAT.cards if not c.reconstructed}
    assert anchored == {"Z1", "P1", "A3"}
    assert {c.timing for c in CAT.cards} == {"own", "opp", "any"}
    assert len(GODS) == 3


def test_identical_tiles_share_a_shape_and_rotations_are_distinct():
    shape = {t.id: t.shape for t in CAT.tiles}
    assert shape["T01"] == shape["T02"] == shape["T03"] != shape["T18"]  # T18 is an island with a temple
    assert len({shape[t] for t in ("T04", "T05", "T06", "T07")}) == 1
    assert len(CAT.tile("T01").rotations) == 1  # an island looks the same every way
    assert len(CAT.tile("T12").rotations) == 6
    assert len(CAT.tile("T17").rotations) == 3  # a bridged strip is symmetric under a half turn
    assert len(CAT.tile("T21").rotations) == 3


def test_rotation_follows_the_spec_convention():
    # Spec §2.1: with rotation k the edge facing direction d is e[(d - k) mod 6].
    t = CAT.tile("T12")  # LLLSSS
    land, regions = rotate(t.edges, t.regions, 0)
    assert land == 0b000111 and regions == (0b111000,)
    land, _ = rotate(t.edges, t.regions, 3)
    assert land == 0b111000  # e[0] = L now faces W (d3)
    bay = CAT.tile("T20")  # LSLSSS, regions {1} {3,4,5}
    _, regions = rotate(bay.edges, bay.regions, 1)
    assert regions == (0b000100, 0b110001)
