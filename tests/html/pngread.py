"""Reads an 8-bit RGB or RGBA PNG (what Chromium's --screenshot writes) with
the standard library alone: its size and its pixels as (r, g, b) counts."""

import collections
import struct
import zlib


def _paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def _unfilter(kind, row, prev, bpp):
    if kind == 0:
        return row
    out = bytearray(row)
    n = len(out)
    if kind == 2:  # Up
        return bytearray((out[i] + prev[i]) & 255 for i in range(n))
    for i in range(n):
        left = out[i - bpp] if i >= bpp else 0
        if kind == 1:  # Sub
            out[i] = (out[i] + left) & 255
        elif kind == 3:  # Average
            out[i] = (out[i] + ((left + prev[i]) >> 1)) & 255
        elif kind == 4:  # Paeth
            up_left = prev[i - bpp] if i >= bpp else 0
            out[i] = (out[i] + _paeth(left, prev[i], up_left)) & 255
        else:
            raise ValueError("bad PNG filter %d" % kind)
    return out


def read(path):
    """(width, height, Counter of (r, g, b) over every pixel)."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("%s: not a PNG" % path)
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError("%s: not 8-bit RGB(A), not interlaced" % path)
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(b"".join(idat))
    stride = width * bpp
    counts = collections.Counter()
    prev = bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        row = _unfilter(raw[start], raw[start + 1:start + 1 + stride], prev,
                        bpp)
        # Pixels by their RGB bytes (alpha, if any, dropped).
        if bpp == 3:
            counts.update(bytes(row[i:i + 3]) for i in range(0, stride, 3))
        else:
            counts.update(bytes(row[i:i + 3]) for i in range(0, stride, 4))
        prev = row
    return width, height, counts
