"""Exact constructions: series of tables of four in which no two players meet twice.

For N = 4m players, split into four groups G_0..G_3 of m players, player (a, x) with x in a ring R
of order m. Series s (for s in a set T of ring elements) seats at table x the players
(0, x), (1, x + λ_1·s), (2, x + λ_2·s), (3, x + λ_3·s), with λ_0 = 0. Two players of groups a ≠ b
meet in series s exactly when their difference is (λ_b − λ_a)·s; so no pair meets twice when
(λ_b − λ_a)·(s − s') ≠ 0 for all a ≠ b and s ≠ s' in T. Players of one group never meet. This
is a resolvable transversal design: with |T| = m every player meets all 3m others outside his
group exactly once.

R is a product of rings, and T the product of the components' sets (a difference that is not
zero in one component is not zero in R):
- Z_c for the part c of m coprime to 6, λ = 0, 1, 2, 3 (all differences are units): |T| = c;
- GF(2)[x]/(f) of order 2^a, a ≥ 2, λ = 0, 1, x, x + 1, and GF(3)[x]/(f) of order 3^b, b ≥ 2,
  λ = 0, 1, 2, x, with f of degree a (b) without a root, so that every λ difference is a unit
  (f need not be irreducible): |T| = 2^a (3^b);
- Z_2, Z_3 or Z_6 for a lone factor 2 or 3: |T| = 1, 1 or 2 (T = {0, 1} ⊂ Z_6).
When 4 divides m the groups themselves are seated by the best construction for m players in
further series (the pairs inside a group are still unused): 16 players get 4 + 1 = 5 series (the
affine plane of order 4), 64 players 16 + 5 = 21 and 112 players 28 + 9 = 37 (resolvable
2-(N, 4, 1) designs), 32 players 8 + 1, 96 players 8 + 7.

Two small cases have a cyclic construction of their own, from base classes found by a computer
search: 24 players get 7 series (a resolvable 4-GDD of type 3^8; the transversal one gives 2),
28 players 9 (a resolvable 2-(28, 4, 1) design; the transversal one gives 7).

It does NOT know players, clubs, five-tables or history: it returns tables of indices 0..N−1.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from math import gcd, prod


@dataclass(frozen=True, slots=True)
class _Component:
    """One factor ring: its order, the shifts λ_a·s for each s of T, and its addition."""

    order: int
    shifts: tuple[tuple[int, int, int, int], ...]  # per s in T: (λ_0·s, .., λ_3·s)
    add: tuple[tuple[int, ...], ...]  # addition table


# Base classes found by a computer search (an exact cover of the points and of the pair orbits
# under Z_t): players (x, i) of Z_t × Z_3 are 3x + i, fixed points 3t, 3t + 1, ... Adding j to
# every x gives series j; t series without a repeated pair.
_ROTATIONAL = {
    # A resolvable 4-GDD of type 3^8: 7 series, nobody meets the two others of his group.
    24: (7, ((0, 13, 20, 22), (1, 3, 6, 12), (2, 9, 14, 17), (4, 8, 18, 21), (5, 7, 10, 16),
             (11, 15, 19, 23))),
    # A resolvable 2-(28, 4, 1) design: 9 series, everybody meets everybody once.
    28: (9, ((0, 2, 13, 19), (1, 3, 8, 20), (4, 9, 15, 24), (5, 12, 23, 26), (6, 14, 16, 27),
             (7, 10, 11, 25), (17, 18, 21, 22))),
}  # fmt: skip


def zero_repeat_series(players: int, wanted: int) -> list[list[list[int]]]:
    """Up to ``wanted`` series for ``players`` (a multiple of 4) in which no pair meets twice."""
    if players % 4 or players < 4 or wanted <= 0:
        return []
    if players in _ROTATIONAL and _ROTATIONAL[players][0] >= series_count(players):
        return _rotational_series(players, wanted)
    m = players // 4
    components = _components(m)
    keys = _series_keys(components)[:wanted]
    series = [_transversal_series(components, m, key) for key in keys]
    if len(series) < wanted and m % 4 == 0:
        inner = zero_repeat_series(m, wanted - len(series))
        series += [
            [[group * m + p for p in table] for group in range(4) for table in tables]
            for tables in inner
        ]
    return series


def series_count(players: int) -> int:
    """How many zero-repeat series ``zero_repeat_series`` builds for ``players`` at most."""
    if players % 4 or players < 4:
        return 0
    m = players // 4
    transversal = prod(len(c.shifts) for c in _components(m))
    inner = series_count(m) if m % 4 == 0 else 0
    return max(transversal + inner, _ROTATIONAL.get(players, (0, ()))[0])


def _rotational_series(players: int, wanted: int) -> list[list[list[int]]]:
    t, base = _ROTATIONAL[players]
    moved = 3 * t  # players from here on are fixed points
    return [
        [[p if p >= moved else (p // 3 + j) % t * 3 + p % 3 for p in table] for table in base]
        for j in range(min(t, wanted))
    ]


def _components(m: int) -> list[_Component]:
    twos = _multiplicity(m, 2)
    threes = _multiplicity(m, 3)
    cyclic = m // (2**twos * 3**threes)
    components = []
    if twos >= 2:
        components.append(_polynomial_ring(2, twos, (0, 1, 2, 3)))  # 2 = x, 3 = x + 1
        twos = 0
    if threes >= 2:
        components.append(_polynomial_ring(3, threes, (0, 1, 2, 3)))  # 3 = x
        threes = 0
    components.append(_cyclic_ring(cyclic * 2**twos * 3**threes))
    return components


def _multiplicity(n: int, p: int) -> int:
    count = 0
    while n % p == 0:
        n //= p
        count += 1
    return count


def _cyclic_ring(n: int) -> _Component:
    # (λ_b − λ_a) ∈ {1, 2, 3}: d·(s − s') ≡ 0 (mod n) iff n / gcd(d, n) divides s − s'.
    size = min(n // gcd(2, n), n // gcd(3, n))
    shifts = tuple(tuple(lam * s % n for lam in range(4)) for s in range(size))
    add = tuple(tuple((x + y) % n for y in range(n)) for x in range(n))
    return _Component(n, shifts, add)  # type: ignore[arg-type]


def _polynomial_ring(p: int, degree: int, lambdas: tuple[int, ...]) -> _Component:
    """GF(p)[x]/(f), elements as base-p digit strings (coefficient of x^i is digit i)."""
    order = p**degree
    modulus = _rootless_polynomial(p, degree)
    multiply = [[_poly_mul(a, b, p, degree, modulus) for b in range(order)] for a in range(p * p)]
    shifts = tuple(tuple(multiply[lam][s] for lam in lambdas) for s in range(order))
    add = tuple(tuple(_poly_add(x, y, p, degree) for y in range(order)) for x in range(order))
    return _Component(order, shifts, add)  # type: ignore[arg-type]


def _rootless_polynomial(p: int, degree: int) -> tuple[int, ...]:
    """The low coefficients (x^0 .. x^(degree-1)) of the first monic f of ``degree`` without a
    root in GF(p): one exists, since irreducible polynomials of every degree do."""
    return next(
        low
        for low in product(range(p), repeat=degree)
        if all(sum(c * x**i for i, c in enumerate((*low, 1))) % p for x in range(p))
    )


def _digits(value: int, p: int, length: int) -> list[int]:
    return [value // p**i % p for i in range(length)]


def _number(digits: list[int], p: int) -> int:
    return sum(d * p**i for i, d in enumerate(digits))


def _poly_add(x: int, y: int, p: int, degree: int) -> int:
    pairs = zip(_digits(x, p, degree), _digits(y, p, degree), strict=True)
    return _number([(a + b) % p for a, b in pairs], p)


def _poly_mul(a: int, b: int, p: int, degree: int, modulus: tuple[int, ...]) -> int:
    coefficients = [0] * (2 * degree)
    for i, x in enumerate(_digits(a, p, degree)):
        for j, y in enumerate(_digits(b, p, degree)):
            coefficients[i + j] = (coefficients[i + j] + x * y) % p
    # x^degree ≡ −(low part of f): reduce from the top down.
    for top in range(2 * degree - 1, degree - 1, -1):
        carry = coefficients[top]
        coefficients[top] = 0
        for i, c in enumerate(modulus):
            coefficients[top - degree + i] = (coefficients[top - degree + i] - carry * c) % p
    return _number(coefficients[:degree], p)


def _series_keys(components: list[_Component]) -> list[tuple[int, ...]]:
    return list(product(*(range(len(c.shifts)) for c in components)))


def _transversal_series(
    components: list[_Component], m: int, key: tuple[int, ...]
) -> list[list[int]]:
    """Series ``key`` (one s per component): table x holds (a, x + λ_a·s) for a = 0..3."""
    orders = [c.order for c in components]
    weights = [prod(orders[i + 1 :]) for i in range(len(orders))]
    tables = []
    for x in product(*(range(order) for order in orders)):
        table = []
        for group in range(4):
            index = sum(
                c.add[xi][c.shifts[si][group]] * w
                for c, xi, si, w in zip(components, x, key, weights, strict=True)
            )
            table.append(group * m + index)
        tables.append(table)
    return tables
