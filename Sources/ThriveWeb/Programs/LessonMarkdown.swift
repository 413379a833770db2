import Ink

/// Lessons and library pieces are Markdown written in the repository and reviewed there; Ink turns
/// them into HTML. Raw HTML in a file would pass through, which is why only repository content is
/// rendered this way.
enum LessonMarkdown {
    static func html(_ markdown: String) -> String {
        MarkdownParser().html(from: markdown)
    }
}
