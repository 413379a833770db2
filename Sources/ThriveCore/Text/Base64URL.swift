import Foundation

/// Base64url without padding (RFC 4648 §5): tokens, Web Push keys and JWTs are written this way.
extension Data {
    /// Written by hand: an importer names millions of records this way, and Foundation's encoding
    /// followed by three replacements cost more than the rest of reading a record.
    public var base64URLEncoded: String {
        withUnsafeBytes { Base64URLText.encode($0) }
    }

    /// Reads base64url with or without its padding; nil for anything else (standard base64's `+`
    /// and `/` included, so one value has one spelling).
    public init?(base64URLEncoded text: some StringProtocol) {
        guard
            text.utf8.allSatisfy({ byte in
                (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D
                    || byte == 0x5F || byte == 0x3D
            })
        else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 = base64.replacingOccurrences(of: "=", with: "")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        self.init(base64Encoded: base64)
    }
}

/// The encoder behind ``Foundation/Data/base64URLEncoded``, for bytes that are not `Data`.
public enum Base64URLText {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    public static func encode(_ bytes: UnsafeRawBufferPointer) -> String {
        let count = bytes.count
        return String(unsafeUninitializedCapacity: (count * 4 + 2) / 3) { output in
            var written = 0
            var index = 0
            while index + 3 <= count {
                let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
                output[written] = alphabet[Int(value >> 18 & 63)]
                output[written + 1] = alphabet[Int(value >> 12 & 63)]
                output[written + 2] = alphabet[Int(value >> 6 & 63)]
                output[written + 3] = alphabet[Int(value & 63)]
                written += 4
                index += 3
            }
            let rest = count - index
            if rest > 0 {
                let value = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
                output[written] = alphabet[Int(value >> 18 & 63)]
                output[written + 1] = alphabet[Int(value >> 12 & 63)]
                written += 2
                if rest == 2 {
                    output[written] = alphabet[Int(value >> 6 & 63)]
                    written += 1
                }
            }
            return written
        }
    }
}
