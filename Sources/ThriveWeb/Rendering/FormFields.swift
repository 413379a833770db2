import Foundation
import NIOCore

/// The fields of an `application/x-www-form-urlencoded` body.
struct FormFields: Sendable {
    private var values: [String: String] = [:]

    init(_ buffer: ByteBuffer) {
        self.init(String(buffer: buffer))
    }

    init(_ body: String) {
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]) else { continue }
            let value = parts.count > 1 ? Self.decode(parts[1]) ?? "" : ""
            if values[name] == nil { values[name] = value }
        }
    }

    subscript(name: String) -> String? { values[name] }

    /// The trimmed value, or `nil` when absent or blank.
    func text(_ name: String) -> String? {
        guard let value = values[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }

    private static func decode(_ part: Substring) -> String? {
        String(part).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
