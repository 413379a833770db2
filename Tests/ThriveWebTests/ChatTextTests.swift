import Testing

@testable import ThriveWeb

/// Chat words as HTML: nothing a person types becomes markup of its own, and the little formatting
/// of chats does.
@Suite("Chat text")
struct ChatTextTests {
    @Test(arguments: [
        ("<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"),
        ("I **walked** today", "I <strong>walked</strong> today"),
        ("a *slow* walk and a _short_ one", "a <em>slow</em> walk and a <em>short</em> one"),
        ("2 * 3 * 4", "2 * 3 * 4"),
        ("snake_case_name stays", "snake_case_name stays"),
        (
            "See https://example.com/route?a=1&b=2.",
            #"See <a href="https://example.com/route?a=1&amp;b=2" rel="noopener noreferrer nofollow" target="_blank">https://example.com/route?a=1&amp;b=2</a> <span class="link-site">(example.com)</span>."#
        ),
        ("javascript:alert(1)", "javascript:alert(1)"),
    ])
    func formatting(text: String, html: String) {
        #expect(ChatText.html(text) == html)
    }

    @Test func theCoachMentioningThePersonHighlightsTheirName() {
        #expect(
            ChatText.html("Good morning, Alex! Alexander is someone else.", mention: "Alex")
                == #"Good morning, <mark class="mention">Alex</mark>! Alexander is someone else."#)
        #expect(
            ChatText.html("https://alex.example", mention: "alex").hasPrefix(#"<a href="https://alex.example""#),
            "not inside a link's address")
    }
}
