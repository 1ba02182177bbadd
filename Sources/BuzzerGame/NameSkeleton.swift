import Foundation

/// When two names look alike: the one place where nicknames, team names, bans and blocked words are
/// compared, so that Cyrillic "Аda" cannot sit beside Latin "Ada" on the scoreboard.
///
/// Unicode TS #39 §4 defines a string's confusable *skeleton*: decompose, drop default-ignorable code
/// points, replace every character by its prototype from confusables.txt, decompose again; two strings
/// whose skeletons are equal are confusable. Names must also match ignoring case, accents and width,
/// and case folding does not commute with the skeleton: the prototype of "I" is "l" (they look alike),
/// but folding turns "I" into "i", which does not look like "l". A name therefore has two keys, and two
/// names clash when either key is equal (the same kind of key; a key of one kind never meets the other):
///
/// - `caseless`: fold, skeleton, fold. "Аda", "ADA" and "ada" share it, and so do "B0b" and "Bob".
/// - `shaped`: the skeleton with accents and width folded but case kept. "Ian" (capital I) and "lan"
///   share it, while "Ian" and "Lan" do not.
///
/// The keys are derived when a room applies its events and are never written to the log: changing the
/// table changes which *later* joins are refused, never how an archived game replays. Standings still
/// break ties by `TextNormalizer.fold`, as they always have.
package struct NameSkeleton: Hashable, Sendable {
    /// One comparison key; the kind is part of it, so keys of different kinds never collide.
    package enum Key: Hashable, Sendable {
        case caseless(String)
        case shaped(String)
    }

    package let caseless: String
    package let shaped: String

    package init(_ name: String) {
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            self.init(ascii: name)
        } else {
            self.init(unicode: name)
        }
    }

    /// The general path, through Foundation's folding and normalisation.
    init(unicode name: String) {
        caseless = Self.caselessKey(name)
        shaped = Self.skeleton(name).folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
            .split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The same keys for an ASCII name (most names) without Foundation: about 1 µs instead of 6, which a
    /// replay of a 10,000-player room notices: ASCII is its own NFKD and NFD, has no default-ignorable
    /// code point and no accents, and folding it is lowercasing. `unicode` gives the same keys (tested).
    init(ascii name: String) {
        var caseless: [UInt8] = [], shaped: [UInt8] = []
        caseless.reserveCapacity(name.utf8.count)
        shaped.reserveCapacity(name.utf8.count)
        // Whitespace collapsed to one space, as `TextNormalizer.fold` does (Unicode White_Space in ASCII).
        let words = name.utf8.split(whereSeparator: { $0 == 0x20 || (0x09...0x0D).contains($0) })
        for (index, word) in words.enumerated() {
            if index > 0 {
                caseless.append(0x20)
                shaped.append(0x20)
            }
            for byte in word {
                shaped += Self.prototypes[UInt32(byte)].map { Array($0.utf8) } ?? [byte]
                let lower = Self.lowercased(byte)
                caseless += (Self.prototypes[UInt32(lower)].map { Array($0.utf8) } ?? [lower]).map(Self.lowercased)
            }
        }
        self.caseless = String(decoding: caseless, as: UTF8.self)
        self.shaped = String(decoding: shaped, as: UTF8.self)
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte + 0x20 : byte
    }

    /// What a room's name indexes store for this name.
    package var keys: [Key] { [.caseless(caseless), .shaped(shaped)] }

    /// True when the two names would be taken for each other.
    package func looksLike(_ other: NameSkeleton) -> Bool {
        caseless == other.caseless || shaped == other.shaped
    }

    /// Fold, skeleton, fold: the form blocked words are matched in, word by word.
    package static func caselessKey(_ text: String) -> String {
        TextNormalizer.fold(skeleton(TextNormalizer.fold(text)))
    }

    /// TS #39 `skeleton(X)` over this file's table, except that the first step is NFKD rather than NFD:
    /// compatibility decomposition turns the styled letters of "fancy text" generators (𝐀𝐝𝐚, ⓐ, ﬁ,
    /// superscripts, full-width forms) into plain ones in one go, where confusables.txt lists them one by one.
    static func skeleton(_ text: String) -> String {
        let ascii = text.utf8.allSatisfy { $0 < 0x80 }
        // ASCII is its own NFKD and NFD: only the table applies.
        let decomposed = ascii ? text : text.decomposedStringWithCompatibilityMapping
        var out = String.UnicodeScalarView()
        for scalar in decomposed.unicodeScalars where !scalar.properties.isDefaultIgnorableCodePoint {
            if let prototype = prototypes[scalar.value] {
                out.append(contentsOf: prototype.unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        let mapped = String(out)
        return ascii ? mapped : mapped.decomposedStringWithCanonicalMapping
    }

    /// Character → prototype, from Unicode's confusables.txt (UTS #39 data, rows of type MA; checked
    /// against version 10.0.0). Only the rows that matter for names typed on a phone are kept: letters of
    /// Cyrillic, Greek and Latin (IPA, small capitals) whose prototype is an ASCII letter or digit, and
    /// the ASCII look-alikes themselves (0→O, 1→l, I→l, |→l, m→rn). Styled and full-width letters need
    /// no rows: NFKD has already made them plain. Accented forms need none either: they decompose
    /// into a base letter found here and a mark that folding drops.
    static let prototypes: [UInt32: String] = [
        // ASCII (the prototype side of "rn" is "rn": m's prototype is the pair, not the other way round)
        0x0030: "O",  // 0 DIGIT ZERO
        0x0031: "l",  // 1 DIGIT ONE
        0x0049: "l",  // I LATIN CAPITAL LETTER I
        0x006D: "rn",  // m LATIN SMALL LETTER M
        0x007C: "l",  // | VERTICAL LINE
        // Latin beyond ASCII
        0x0131: "i",  // ı DOTLESS I
        0x0196: "l",  // Ɩ CAPITAL IOTA
        0x01C0: "l",  // ǀ DENTAL CLICK
        0x0251: "a",  // ɑ ALPHA
        0x0261: "g",  // ɡ SCRIPT G
        0x0263: "y",  // ɣ GAMMA
        0x0269: "i",  // ɩ IOTA
        0x026A: "i",  // ɪ SMALL CAPITAL I
        0x028B: "u",  // ʋ V WITH HOOK
        0x028F: "y",  // ʏ SMALL CAPITAL Y
        // Greek capitals
        0x037F: "J",  // Ϳ YOT
        0x0391: "A",  // Α ALPHA
        0x0392: "B",  // Β BETA
        0x0395: "E",  // Ε EPSILON
        0x0396: "Z",  // Ζ ZETA
        0x0397: "H",  // Η ETA
        0x0399: "l",  // Ι IOTA
        0x039A: "K",  // Κ KAPPA
        0x039C: "M",  // Μ MU
        0x039D: "N",  // Ν NU
        0x039F: "O",  // Ο OMICRON
        0x03A1: "P",  // Ρ RHO
        0x03A4: "T",  // Τ TAU
        0x03A5: "Y",  // Υ UPSILON
        0x03A7: "X",  // Χ CHI
        0x03F9: "C",  // Ϲ CAPITAL LUNATE SIGMA
        0x03FA: "M",  // Ϻ SAN
        // Greek small letters
        0x03B1: "a",  // α ALPHA
        0x03B3: "y",  // γ GAMMA
        0x03B9: "i",  // ι IOTA
        0x03BD: "v",  // ν NU
        0x03BF: "o",  // ο OMICRON
        0x03C1: "p",  // ρ RHO
        0x03C3: "o",  // σ SIGMA
        0x03C5: "u",  // υ UPSILON
        0x03F1: "p",  // ϱ RHO SYMBOL
        0x03F2: "c",  // ϲ LUNATE SIGMA
        0x03F3: "j",  // ϳ YOT
        // Cyrillic capitals
        0x0405: "S",  // Ѕ DZE
        0x0406: "l",  // І BYELORUSSIAN-UKRAINIAN I
        0x0408: "J",  // Ј JE
        0x0410: "A",  // А A
        0x0412: "B",  // В VE
        0x0415: "E",  // Е IE
        0x0417: "3",  // З ZE
        0x041A: "K",  // К KA
        0x041C: "M",  // М EM
        0x041D: "H",  // Н EN
        0x041E: "O",  // О O
        0x0420: "P",  // Р ER
        0x0421: "C",  // С ES
        0x0422: "T",  // Т TE
        0x0423: "Y",  // У U
        0x0425: "X",  // Х HA
        0x042C: "b",  // Ь SOFT SIGN
        0x0474: "V",  // Ѵ IZHITSA
        0x04AE: "Y",  // Ү STRAIGHT U
        0x04C0: "l",  // Ӏ PALOCHKA
        0x050C: "G",  // Ԍ KOMI SJE
        0x051C: "W",  // Ԝ WE
        // Cyrillic small letters
        0x0430: "a",  // а A
        0x0431: "6",  // б BE
        0x0433: "r",  // г GHE
        0x0435: "e",  // е IE
        0x043E: "o",  // о O
        0x0440: "p",  // р ER
        0x0441: "c",  // с ES
        0x0443: "y",  // у U
        0x0445: "x",  // х HA
        0x0455: "s",  // ѕ DZE
        0x0456: "i",  // і BYELORUSSIAN-UKRAINIAN I
        0x0458: "j",  // ј JE
        0x0461: "w",  // ѡ OMEGA
        0x0475: "v",  // ѵ IZHITSA
        0x04AF: "y",  // ү STRAIGHT U
        0x04BB: "h",  // һ SHHA
        0x04BD: "e",  // ҽ ABKHASIAN CHE
        0x04CF: "i",  // ӏ SMALL PALOCHKA
        0x0501: "d",  // ԁ KOMI DE
        0x051B: "q",  // ԛ QA
        0x051D: "w",  // ԝ WE
    ]
}
