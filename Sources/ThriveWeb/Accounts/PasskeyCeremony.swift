import Foundation
import Hummingbird
import ThriveCore

/// A passkey ceremony in progress: the challenge the authenticator must sign, what for, and (when
/// registering or unlocking) whose. Sealed and handed out, so any server process can finish it;
/// five minutes, the time a person takes to find their phone.
struct PasskeyCeremony: SealedTicket {
    enum Step: String, Codable, Sendable {
        case register
        case signIn
        /// Opening the app lock: only the signed-in person's own passkeys.
        case unlock
    }

    let step: Step
    /// base64url, as the client data carries it back.
    let challenge: String
    let userID: UUID?
    let expires: Date

    static let purpose = "passkey ceremony"
    static let lifetime: TimeInterval = 5 * 60
    static let cookieName = "thrive_passkey"

    init(step: Step, userID: UserID?, now: Date) {
        self.step = step
        var bytes = [UInt8](repeating: 0, count: 32)
        var generator = SystemRandomNumberGenerator()
        for index in bytes.indices { bytes[index] = generator.next() }
        challenge = Data(bytes).base64URLEncoded
        self.userID = userID?.rawValue
        expires = now + Self.lifetime
    }

    var challengeBytes: [UInt8] { Data(base64URLEncoded: challenge).map(Array.init) ?? [] }

    static func cookie(_ value: String, secure: Bool) -> Cookie {
        Cookie(
            name: cookieName, value: value, maxAge: value.isEmpty ? 0 : Int(lifetime), path: "/", secure: secure,
            httpOnly: true, sameSite: .strict)
    }
}
