import CPangoCairo
import Foundation

/// Lays a ``ReportDocument`` out on A4 pages: what goes where, measured with pango, nothing drawn.
/// A heading is kept with what follows it, a table's header row repeats on each page it runs onto,
/// and a chart never splits.
final class PageComposer {
    struct Pages {
        var pages: [[PlacedItem]]
        /// The page (from 0) each section starts on, for the contents list and the PDF outline.
        var sectionPages: [Int]
    }

    private let text: TextSetter
    private var pages: [[PlacedItem]] = [[]]
    private var y = ReportPDF.margin
    private let left = ReportPDF.margin
    private let width = ReportPDF.contentWidth

    init(context: OpaquePointer) {
        text = TextSetter(context: context)
    }

    func compose(_ document: ReportDocument) -> Pages {
        place(document.title, .title, after: 0, colour: .ink)
        place(document.subtitle, .subtitle, after: 6, colour: .muted)
        y += 18
        place(document.contentsTitle, .heading, after: 0, colour: .ink)
        y += 6
        for (index, section) in document.sections.enumerated() {
            let line = text.height(section.title, .body, width: width - 40) + 4
            add(.contentsEntry(section: index, title: section.title, y: y))
            y += line
        }
        y += 14
        var sectionPages: [Int] = []
        for section in document.sections {
            let heading = text.height(section.title, .heading, width: width) + 10
            // Keep the heading with the start of what follows it.
            let following = section.blocks.first.map(firstLineHeight) ?? 0
            if y + heading + following > ReportPDF.bottom { newPage() }
            add(.rule(y: y))
            y += 8
            sectionPages.append(pages.count - 1)
            place(section.title, .heading, after: 0, colour: .ink)
            y += 6
            for block in section.blocks { place(block) }
            y += 14
        }
        return Pages(pages: pages, sectionPages: sectionPages)
    }

    private func add(_ item: PlacedItem) {
        pages[pages.count - 1].append(item)
    }

    private func newPage() {
        pages.append([])
        y = ReportPDF.margin
    }

    private func ensure(_ height: Double) {
        if y + height > ReportPDF.bottom, y > ReportPDF.margin { newPage() }
    }

    private func place(_ string: String, _ font: ReportFont, after spacing: Double, colour: ReportColour) {
        let height = text.height(string, font, width: width)
        ensure(height)
        add(.text(string, font, x: left, y: y, width: width, colour: colour))
        y += height + spacing
    }

    private func firstLineHeight(_ block: ReportDocument.Block) -> Double {
        switch block {
        case .chart(_, let chartWidth, let chartHeight): chartHeight * min(1, width / chartWidth)
        default: 40
        }
    }

    private func place(_ block: ReportDocument.Block) {
        switch block {
        case .paragraph(let string):
            place(string, .body, after: 8, colour: .ink)
        case .note(let string):
            place(string, .small, after: 8, colour: .muted)
        case .facts(let facts):
            let labelWidth = width * 0.4
            for fact in facts {
                let height =
                    max(
                        text.height(fact.label, .body, width: labelWidth - 8),
                        text.height(fact.value, .strong, width: width - labelWidth)) + 5
                ensure(height)
                add(.text(fact.label, .body, x: left, y: y, width: labelWidth - 8, colour: .muted))
                add(.text(fact.value, .strong, x: left + labelWidth, y: y, width: width - labelWidth, colour: .ink))
                y += height
            }
            y += 6
        case .table(let header, let rows):
            placeTable(header: header, rows: rows)
        case .chart(let svg, let chartWidth, let chartHeight):
            var scale = min(1, width / chartWidth)
            // A chart a little taller than what is left of the page is drawn a little smaller
            // rather than leaving most of a page empty.
            let available = ReportPDF.bottom - y
            if chartHeight * scale > available, available >= chartHeight * scale * 0.75 { scale = available / chartHeight }
            ensure(chartHeight * scale)
            add(.chart(svg: svg, x: left, y: y, width: chartWidth * scale, height: chartHeight * scale))
            y += chartHeight * scale + 10
        }
    }

    private func placeTable(header: [String], rows: [[String]]) {
        let columns = columnWidths(header: header, rows: rows)
        func height(_ cells: [String], _ font: ReportFont) -> Double {
            zip(cells, columns).map { text.height($0, font, width: $1 - 8) }.max() ?? 0
        }
        func put(_ cells: [String], _ font: ReportFont, band: Bool) {
            let rowHeight = height(cells, font) + 6
            if band { add(.band(x: left, y: y, width: width, height: rowHeight, colour: .band)) }
            var x = left
            for (cell, column) in zip(cells, columns) {
                add(.text(cell, font, x: x + 4, y: y + 3, width: column - 8, colour: .ink))
                x += column
            }
            y += rowHeight
        }
        let headerHeight = height(header, .tableHeader) + 6
        ensure(headerHeight + (rows.first.map { height($0, .table) + 6 } ?? 0))
        put(header, .tableHeader, band: true)
        for (index, row) in rows.enumerated() {
            let rowHeight = height(row, .table) + 6
            if y + rowHeight > ReportPDF.bottom {
                newPage()
                put(header, .tableHeader, band: true)
            }
            put(row, .table, band: false)
            if index < rows.count - 1 { add(.rule(y: y)) }
        }
        y += 10
    }

    /// Each column as wide as its widest cell needs, shrunk or stretched together to the page.
    private func columnWidths(header: [String], rows: [[String]]) -> [Double] {
        var natural = header.map { text.naturalWidth($0, .tableHeader) + 8 }
        for row in rows {
            for (index, cell) in row.enumerated() where index < natural.count {
                natural[index] = max(natural[index], text.naturalWidth(cell, .table) + 8)
            }
        }
        let total = natural.reduce(0, +)
        guard total > 0 else { return natural }
        return natural.map { $0 * width / total }
    }
}

/// Draws composed pages onto the cairo context.
struct PagePainter {
    let context: OpaquePointer
    var text: TextSetter { TextSetter(context: context) }

    func paint(_ items: [PlacedItem], contents: [Int], document: ReportDocument) {
        for item in items {
            switch item {
            case .text(let string, let font, let x, let y, let width, let colour):
                text.draw(string, font, x: x, y: y, width: width, colour: colour)
            case .band(let x, let y, let width, let height, let colour):
                let (r, g, b) = colour.rgb
                cairo_set_source_rgb(context, r, g, b)
                cairo_rectangle(context, x, y, width, height)
                cairo_fill(context)
            case .rule(let y):
                let (r, g, b) = ReportColour.line.rgb
                cairo_set_source_rgb(context, r, g, b)
                cairo_set_line_width(context, 0.5)
                cairo_move_to(context, ReportPDF.margin, y)
                cairo_line_to(context, ReportPDF.pageWidth - ReportPDF.margin, y)
                cairo_stroke(context)
            case .chart(let svg, let x, let y, let width, let height):
                ReportChart.draw(svg, on: context, x: x, y: y, width: width, height: height)
            case .contentsEntry(let section, let title, let y):
                let width = ReportPDF.contentWidth
                text.draw(title, .body, x: ReportPDF.margin, y: y, width: width - 40, colour: .ink)
                let number = String(contents[section] + 1)
                let numberWidth = text.naturalWidth(number, .body)
                text.draw(number, .body, x: ReportPDF.margin + width - numberWidth, y: y, width: 40, colour: .ink)
            }
        }
    }

    func footer(_ statement: String, _ pageLabel: String) {
        let y = ReportPDF.pageHeight - ReportPDF.margin - 16
        let labelWidth = text.naturalWidth(pageLabel, .small)
        text.draw(
            statement, .small, x: ReportPDF.margin, y: y, width: ReportPDF.contentWidth - labelWidth - 16, colour: .muted)
        text.draw(
            pageLabel, .small, x: ReportPDF.pageWidth - ReportPDF.margin - labelWidth, y: y, width: labelWidth + 2,
            colour: .muted)
    }
}
