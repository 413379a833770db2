import Foundation

/// Base64url without padding (RFC 4648 §5): tokens, Web Push keys and JWTs are written this way.
extension Data {
    public var base64URLEncoded: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
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
