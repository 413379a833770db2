import Foundation
import MultipartKit
import NIOCore
import ThriveCore

/// The fields of an `application/x-www-form-urlencoded` body, or of a `multipart/form-data` one
/// (a form with a file: its files kept apart, by field name).
struct FormFields: Sendable {
    private var storage: [String: String] = [:]
    private var lists: [String: [String]] = [:]
    /// Files of a multipart form: the name it had on the person's device and its bytes.
    private(set) var files: [String: (name: String, bytes: ByteBuffer)] = [:]

    /// The body read as its content type says.
    init(_ buffer: ByteBuffer, contentType: String?) {
        guard let contentType, contentType.lowercased().hasPrefix("multipart/form-data"),
            let boundary = ImportFiles.boundary(contentType)
        else {
            self.init(buffer)
            return
        }
        self.init("")
        let parser = MultipartParser(boundary: boundary)
        let part = MultipartPart()
        parser.onHeader = { name, value in
            guard name.lowercased() == "content-disposition" else { return }
            part.name = ImportFiles.parameter("name", in: value)
            part.fileName = ImportFiles.parameter("filename", in: value)
        }
        parser.onBody = { body in part.body.writeBuffer(&body) }
        parser.onPartComplete = { part.finish() }
        try? parser.execute(buffer)
        for (name, value) in part.fields where storage[name] == nil {
            storage[name] = value
            lists[name, default: []].append(value)
        }
        files = part.files
    }

    init(_ buffer: ByteBuffer) {
        self.init(String(buffer: buffer))
    }

    init(_ body: String) {
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]) else { continue }
            let value = parts.count > 1 ? Self.decode(parts[1]) ?? "" : ""
            if storage[name] == nil { storage[name] = value }
            lists[name, default: []].append(value)
        }
    }

    subscript(name: String) -> String? { storage[name] }

    /// Every value sent under a name (checkboxes), in order.
    func all(_ name: String) -> [String] { lists[name] ?? [] }

    /// Every field as sent, to show a refused form again as the person typed it.
    var values: [String: String] { storage }

    /// The trimmed value, or `nil` when absent or blank.
    func text(_ name: String) -> String? {
        guard let value = storage[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }

    /// The number typed in a field (a decimal comma is read as a point), `nil` when blank.
    func number(_ name: String, label: String) throws(ValidationError) -> Double? {
        try Self.number(text(name), field: name, label: label)
    }

    static func number(_ text: String?, field name: String, label: String) throws(ValidationError) -> Double? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        guard let value = Double(text.replacingOccurrences(of: ",", with: ".")), value.isFinite else {
            throw ValidationError(field: name, message: t("form.notANumber", ["label": label]))
        }
        return value
    }

    private static func decode(_ part: Substring) -> String? {
        String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}

/// The multipart parser's callbacks gather each part here, one after the other.
private final class MultipartPart: @unchecked Sendable {
    var name: String?
    var fileName: String?
    var body = ByteBuffer()
    var fields: [(String, String)] = []
    var files: [String: (name: String, bytes: ByteBuffer)] = [:]

    func finish() {
        if let name {
            if let fileName {
                files[name] = (fileName, body)
            } else {
                fields.append((name, String(buffer: body)))
            }
        }
        (name, fileName, body) = (nil, nil, ByteBuffer())
    }
}
