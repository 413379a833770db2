import Crypto
import Foundation
import Testing
import ThriveCore

@testable import ThriveNotify

/// RFC 8291 Appendix A, byte for byte: with the RFC's keys, salt and secret, our encryption gives
/// the RFC's body, and the browser's side reads the RFC's body back.
@Suite("Web Push encryption (RFC 8291)")
struct WebPushEncryptionTests {
    static func bytes(_ text: String) -> Data { Data(base64URLEncoded: text)! }

    static let plaintext = Data("When I grow up, I want to be a watermelon".utf8)
    static let senderPrivate = bytes("yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw")
    static let senderPublic = bytes(
        "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8")
    static let browserPrivate = bytes("q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94")
    static let browserPublic = bytes(
        "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4")
    static let salt = bytes("DGv6ra1nlYgDCS1FRnbzlw")
    static let auth = bytes("BTBZMqHH6r4Tts7J_aSIgg")
    static let body = bytes(
        "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"
    )

    @Test("the RFC's keys are the RFC's key pairs")
    func keys() throws {
        #expect(
            try P256.KeyAgreement.PrivateKey(rawRepresentation: Self.senderPrivate).publicKey.x963Representation
                == Self.senderPublic)
        #expect(
            try P256.KeyAgreement.PrivateKey(rawRepresentation: Self.browserPrivate).publicKey.x963Representation
                == Self.browserPublic)
    }

    @Test("encrypting the RFC's message gives the RFC's body, byte for byte")
    func encryptsTheVector() throws {
        let body = try WebPushEncryption.encrypt(
            Self.plaintext, p256dh: Self.browserPublic, auth: Self.auth,
            sender: try P256.KeyAgreement.PrivateKey(rawRepresentation: Self.senderPrivate), salt: Self.salt)
        #expect(body == Self.body)
        #expect(body.count == 144)
        // Header: salt, record size 4096, a 65-byte key id that is the sender's public key.
        #expect(Array(body[16..<21]) == [0, 0, 0x10, 0, 65])
        #expect(body[21..<86] == Self.senderPublic)
    }

    @Test("the browser's side opens the RFC's body")
    func decryptsTheVector() throws {
        let key = try P256.KeyAgreement.PrivateKey(rawRepresentation: Self.browserPrivate)
        #expect(try WebPushEncryption.decrypt(Self.body, privateKey: key, auth: Self.auth) == Self.plaintext)
    }

    @Test("a fresh key and salt each time: two pushes of one message differ, both open")
    func freshEachTime() throws {
        let browser = P256.KeyAgreement.PrivateKey()
        let auth = Data((0..<16).map { UInt8($0) })
        let message = Data(#"{"title":"Thrive"}"#.utf8)
        let first = try WebPushEncryption.encrypt(message, p256dh: browser.publicKey.x963Representation, auth: auth)
        let second = try WebPushEncryption.encrypt(message, p256dh: browser.publicKey.x963Representation, auth: auth)
        #expect(first != second)
        #expect(try WebPushEncryption.decrypt(first, privateKey: browser, auth: auth) == message)
        #expect(try WebPushEncryption.decrypt(second, privateKey: browser, auth: auth) == message)
    }

    @Test("a changed byte or another browser's secret cannot be opened")
    func tamperedFails() throws {
        let key = try P256.KeyAgreement.PrivateKey(rawRepresentation: Self.browserPrivate)
        var tampered = Self.body
        tampered[100] ^= 1
        #expect(throws: (any Error).self) { try WebPushEncryption.decrypt(tampered, privateKey: key, auth: Self.auth) }
        #expect(throws: (any Error).self) {
            try WebPushEncryption.decrypt(Self.body, privateKey: key, auth: Data(repeating: 7, count: 16))
        }
    }

    @Test("one record holds 3,993 bytes of plaintext and not one more (RFC 8291 §4)")
    func recordLimit() throws {
        let browser = P256.KeyAgreement.PrivateKey()
        let auth = Data(repeating: 1, count: 16)
        let largest = try WebPushEncryption.encrypt(
            Data(repeating: 0x61, count: 3_993), p256dh: browser.publicKey.x963Representation, auth: auth)
        #expect(largest.count == 4_096)
        #expect(throws: WebPushEncryption.Failure.tooLong) {
            try WebPushEncryption.encrypt(
                Data(repeating: 0x61, count: 3_994), p256dh: browser.publicKey.x963Representation, auth: auth)
        }
    }
}
