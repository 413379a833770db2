import Foundation
import NIOCore
import ThriveCore

/// The fields of an `application/x-www-form-urlencoded` body.
struct FormFields: Sendable {
    private var storage: [String: String] = [:]
    private var lists: [String: [String]] = [:]

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
