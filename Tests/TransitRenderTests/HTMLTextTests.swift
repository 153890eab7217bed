import Testing
@testable import TransitRender

/// The one escaper of the pages Transit writes (player, gallery index, test report).
@Suite struct HTMLTextTests {
    /// The five characters that can end an attribute (either quote) or open a tag or an entity
    /// become HTML's character references; nothing else changes.
    @Test func escapesWhatCouldEndAnAttributeOrOpenATag() {
        #expect(HTMLText.escaped(#"<a href="x" title='y'>&</a>"#) == "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;")
        #expect(HTMLText.escaped("Hero’s push · 0.35 s") == "Hero’s push · 0.35 s")
    }

    /// An ampersand already in the text is escaped again: the text is text, not HTML.
    @Test func anEntityInTheTextIsShownAsWritten() {
        #expect(HTMLText.escaped("&amp;") == "&amp;amp;")
    }
}
