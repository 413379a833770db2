import Crypto
import Foundation

/// RFC 8291 message encryption for Web Push, in RFC 8188's `aes128gcm` content coding: an ECDH
/// agreement between a fresh key of ours and the browser's key, mixed with the browser's
/// authentication secret, keys one AES-128-GCM record that only that browser can open.
public enum WebPushEncryption {
    /// RFC 8291 §4: a push message fits one 4096-byte record, so at most 3,993 bytes of plaintext
    /// (4,096 less the 86-byte header, the 16-byte tag and the padding delimiter).
    public static let recordSize = 4_096
    public static let maximumPlaintext = 3_993
    static let headerSize = 86

    public enum Failure: Error, Equatable {
        case tooLong, malformed, badKey
    }

    /// The request body for one push. `sender` and `salt` are fresh for every message; tests give
    /// them to reproduce RFC 8291 Appendix A.
    public static func encrypt(
        _ plaintext: Data, p256dh: Data, auth: Data, sender: P256.KeyAgreement.PrivateKey = .init(),
        salt: Data = randomSalt()
    ) throws -> Data {
        guard plaintext.count <= maximumPlaintext else { throw Failure.tooLong }
        guard let browser = try? P256.KeyAgreement.PublicKey(x963Representation: p256dh) else { throw Failure.badKey }
        let senderPublic = sender.publicKey.x963Representation
        let (key, nonce) = try contentKey(
            shared: try sender.sharedSecretFromKeyAgreement(with: browser), auth: auth, browserPublic: p256dh,
            senderPublic: senderPublic, salt: salt)
        // One record, the last: the plaintext then the delimiter 0x02 (RFC 8188 §2), no padding.
        let sealed = try AES.GCM.seal(plaintext + [0x02], using: key, nonce: nonce)
        var body = Data(capacity: headerSize + plaintext.count + 17)
        body += salt
        body += withUnsafeBytes(of: UInt32(recordSize).bigEndian) { Data($0) }
        body.append(UInt8(senderPublic.count))
        body += senderPublic
        body += sealed.ciphertext
        body += sealed.tag
        return body
    }

    /// The browser's side: opens a body with the subscription's private key and secret. A push
    /// service never can; Thrive uses it to prove, in tests, what a browser would read.
    public static func decrypt(_ body: Data, privateKey: P256.KeyAgreement.PrivateKey, auth: Data) throws -> Data {
        let bytes = [UInt8](body)
        guard bytes.count > headerSize + 16 else { throw Failure.malformed }
        let salt = Data(bytes[0..<16])
        let idLength = Int(bytes[20])
        guard idLength == 65, bytes.count > 21 + idLength + 16 else { throw Failure.malformed }
        let senderPublic = Data(bytes[21..<(21 + idLength)])
        guard let sender = try? P256.KeyAgreement.PublicKey(x963Representation: senderPublic) else { throw Failure.badKey }
        let (key, nonce) = try contentKey(
            shared: try privateKey.sharedSecretFromKeyAgreement(with: sender), auth: auth,
            browserPublic: privateKey.publicKey.x963Representation, senderPublic: senderPublic, salt: salt)
        let record = Data(bytes[(21 + idLength)...])
        let box = try AES.GCM.SealedBox(nonce: nonce, ciphertext: record.dropLast(16), tag: record.suffix(16))
        var plaintext = try AES.GCM.open(box, using: key)
        // Strip padding zeros, then the delimiter of the last record.
        while plaintext.last == 0 { plaintext.removeLast() }
        guard plaintext.last == 0x02 else { throw Failure.malformed }
        return plaintext.dropLast()
    }

    public static func randomSalt() -> Data {
        Data(SymmetricKey(size: .bits128).withUnsafeBytes { Array($0) })
    }

    /// RFC 8291 §3.3–3.4 then RFC 8188 §2.2–2.3: the input keying material from the ECDH secret and
    /// the auth secret, then the content encryption key and the nonce from the salt.
    private static func contentKey(
        shared: SharedSecret, auth: Data, browserPublic: Data, senderPublic: Data, salt: Data
    ) throws -> (SymmetricKey, AES.GCM.Nonce) {
        let keyInfo = Data("WebPush: info\0".utf8) + browserPublic + senderPublic
        let inputKey = shared.hkdfDerivedSymmetricKey(
            using: SHA256.self, salt: auth, sharedInfo: keyInfo, outputByteCount: 32)
        let contentKey = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: inputKey, salt: salt, info: Data("Content-Encoding: aes128gcm\0".utf8), outputByteCount: 16)
        let nonce = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: inputKey, salt: salt, info: Data("Content-Encoding: nonce\0".utf8), outputByteCount: 12)
        return (contentKey, try AES.GCM.Nonce(data: nonce.withUnsafeBytes { Data($0) }))
    }
}
