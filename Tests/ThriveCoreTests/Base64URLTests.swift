import Foundation
import Testing
import ThriveCore

/// Base64url without padding (RFC 4648 §5), written by hand: the RFC's §10 vectors, the two
/// characters that differ from standard base64, and agreement with Foundation on every length.
struct Base64URLTests {
    @Test(arguments: [
        ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"), ("foobar", "Zm9vYmFy"),
    ])
    func theRFCVectors(text: String, encoded: String) {
        #expect(Data(text.utf8).base64URLEncoded == encoded)
        #expect(Data(base64URLEncoded: encoded) == Data(text.utf8))
    }

    @Test func minusAndUnderscoreStandInForPlusAndSlash() {
        #expect(Data([0xFB, 0xFF]).base64URLEncoded == "-_8")
        #expect(Data([0xFB, 0xEF, 0xBE]).base64URLEncoded == "----")
        #expect(Data([0xFF, 0xFF, 0xFF]).base64URLEncoded == "____")
    }

    @Test func agreesWithFoundationOnEveryLength() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<70 {
            let bytes = Data((0..<length).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
            let foundation = bytes.base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            #expect(bytes.base64URLEncoded == foundation, "\(length) bytes")
        }
    }
}
