import Testing
@testable import TransitRender

@Suite struct JSONTextTests {
    @Test func plainLiteralsEscapeOnlyWhatJSONNeeds() {
        #expect(jsonStringLiteral("a -> b <c> & \"d\"\\\n") == #""a -> b <c> & \"d\"\\\n""#)
        #expect(jsonStringLiteral("\u{1}") == #""\u0001""#)
    }

    @Test func literalsInsideHTMLEscapeWhatCouldCloseTheScript() {
        #expect(jsonStringLiteral("</script> & \u{2028}", safeInHTML: true) == #""\u003c/script\u003e \u0026 \u2028""#)
    }
}
