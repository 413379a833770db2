import Foundation

/// A printed report in words already chosen and translated: a title page with a contents list,
/// sections of paragraphs, facts, tables and charts, and one footer line on every page.
public struct ReportDocument: Sendable {
    public enum Block: Sendable {
        case paragraph(String)
        /// Label and value pairs, two columns ("Average sleep" · "7 h 12 min").
        case facts([Fact])
        /// A table that may run over several pages; its header row repeats on each.
        case table(header: [String], rows: [[String]])
        /// A chart drawn from its standalone SVG, scaled to the page's width.
        case chart(svg: String, width: Double, height: Double)
        /// A smaller, muted line: where figures come from, what a missing value means.
        case note(String)
    }

    public struct Fact: Sendable, Hashable {
        public let label: String
        public let value: String

        public init(_ label: String, _ value: String) {
            self.label = label
            self.value = value
        }
    }

    public struct Section: Sendable {
        public let title: String
        public let blocks: [Block]

        public init(title: String, blocks: [Block]) {
            self.title = title
            self.blocks = blocks
        }
    }

    public var title: String
    /// The person and the period, under the title.
    public var subtitle: String
    public var contentsTitle: String
    public var sections: [Section]
    /// On every page: the consent statement of spec 004.
    public var footer: String
    /// "Page 2 of 5".
    public var pageLabel: @Sendable (_ page: Int, _ count: Int) -> String
    /// The PDF's document title and author, as viewers show them.
    public var metadataTitle: String
    public var author: String

    public init(
        title: String, subtitle: String, contentsTitle: String, sections: [Section], footer: String,
        pageLabel: @escaping @Sendable (Int, Int) -> String, metadataTitle: String, author: String
    ) {
        self.title = title
        self.subtitle = subtitle
        self.contentsTitle = contentsTitle
        self.sections = sections
        self.footer = footer
        self.pageLabel = pageLabel
        self.metadataTitle = metadataTitle
        self.author = author
    }
}
