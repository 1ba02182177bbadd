import Testing
@testable import BuzzerFormats

@Suite struct HTMLEntityDecoderTests {
    @Test(arguments: [
        ("&quot;Hello&quot;", "\"Hello\""),
        ("Rock &amp; Roll", "Rock & Roll"),
        ("&lt;b&gt;", "<b>"),
        ("Don&#039;t", "Don't"),
        ("Don&apos;t", "Don't"),
        ("Pok&eacute;mon", "Pokémon"),
        ("It&rsquo;s", "It’s"),
        ("&ldquo;Quote&rdquo;", "“Quote”"),
        ("Wait&hellip;", "Wait…"),
        ("soft&shy;hyphen", "soft\u{AD}hyphen"),
        ("90&deg;", "90°"),
        ("&pi; r&sup2;", "π r²"),
        ("&Uuml;ber &szlig; &ntilde; &euro; &mdash; &trade;", "Über ß ñ € — ™"),
        ("&#233;t&#xE9; &#XE9;", "été é"),
        ("&#x1F600;", "😀"),
    ])
    func decodesKnownReferences(input: String, expected: String) {
        #expect(HTMLEntityDecoder.decode(input) == expected)
    }

    @Test(arguments: [
        "&bogus;",             // unknown name
        "AT&T",                // bare ampersand
        "fish & chips",        // ampersand then space
        "&amp",                // no semicolon
        "&#;", "&#x;",         // no digits
        "&#xD800;",            // a surrogate is not a scalar
        "&#0;",                // NUL is never text
        "&#99999999999;",      // overflows
        "&averyveryverylongname;",
        "&",
    ])
    func leavesUnknownReferencesAsWritten(input: String) {
        #expect(HTMLEntityDecoder.decode(input) == input)
    }

    @Test func decodesOnlyOnce() {
        #expect(HTMLEntityDecoder.decode("&amp;quot;") == "&quot;")
    }

    @Test func keepsTextAroundReferences() {
        #expect(HTMLEntityDecoder.decode("∫ x² dx &amp; √2 & more&hellip;") == "∫ x² dx & √2 & more…")
    }
}
