import Foundation

/// The third-party references a kit label is checked against, all installed by the test command:
/// zint (Debian `zint`) draws Code 128 its own way, ImageMagick makes a clean label look like a
/// phone's photo, poppler turns a label sheet's page into pixels and zbar reads barcodes back.
public enum BarcodeTools {
    /// zint's modules for `text` as Code 128 (true for a bar), from its `--dump` of one row.
    public static func zintModules(_ text: String) throws -> [Bool] {
        let output = try PDFTools.run("/usr/bin/zint", ["-b", "20", "-d", text, "--dump"])
        guard output.status == 0 else { throw ToolFailure(output.text) }
        // The dump is hexadecimal, four modules a digit, padded with white to the end of its last
        // digit; a Code 128 symbol always ends on a bar, so the padding is what follows the last one.
        var modules = output.text.filter(\.isHexDigit).flatMap { digit in
            let value = Int(String(digit), radix: 16)!
            return (0..<4).map { value & (8 >> $0) != 0 }
        }
        while modules.last == false { modules.removeLast() }
        return modules
    }

    /// A PNG of `text` as Code 128 drawn by zint, with its text under the bars.
    public static func zintPNG(_ text: String, scale: Int = 2) throws -> Data {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("thrive-zint-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try PDFTools.run(
            "/usr/bin/zint", ["-b", "20", "-d", text, "--scale=\(scale)", "--height=40", "-o", file.path])
        guard output.status == 0 else { throw ToolFailure(output.text) }
        return try Data(contentsOf: file)
    }

    /// `image` put through ImageMagick's `convert` with `arguments` (a rotation, a blur, a border…),
    /// written as `format` (`jpg`, `png`).
    public static func convert(_ image: Data, _ arguments: [String], to format: String) throws -> Data {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thrive-magick-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in.png")
        let result = folder.appendingPathComponent("out.\(format)")
        try image.write(to: input)
        let output = try PDFTools.run("/usr/bin/convert", [input.path] + arguments + [result.path])
        guard output.status == 0 else { throw ToolFailure(output.text) }
        return try Data(contentsOf: result)
    }

    /// A page of a PDF as a grey PNG at `dpi` (`pdftoppm`).
    public static func pagePNG(_ pdf: [UInt8], page: Int, dpi: Int = 300) throws -> Data {
        try PDFTools.withFile(pdf) { file in
            let prefix = file.deletingPathExtension().path + "-page"
            let output = try PDFTools.run(
                "/usr/bin/pdftoppm",
                ["-png", "-gray", "-r", "\(dpi)", "-f", "\(page)", "-l", "\(page)", "-singlefile", file.path, prefix])
            guard output.status == 0 else { throw ToolFailure(output.text) }
            let png = URL(fileURLWithPath: prefix + ".png")
            defer { try? FileManager.default.removeItem(at: png) }
            return try Data(contentsOf: png)
        }
    }

    /// Every barcode zbar's own command finds in an image, as `zbarimg --raw` prints them.
    public static func zbarimg(_ image: Data) throws -> [String] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("thrive-zbar-\(UUID().uuidString).png")
        try image.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        // zbarimg complains on standard error when there is no D-Bus; only what it read matters.
        let output = try PDFTools.run("/usr/bin/zbarimg", ["--quiet", "--raw", file.path], quietErrors: true)
        return output.text.split(separator: "\n").map(String.init)
    }

    public struct ToolFailure: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}
