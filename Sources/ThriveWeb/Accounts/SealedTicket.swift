import Foundation

/// State a server hands out sealed with the operator's key instead of keeping it (a cookie for the
/// browser, a ticket for an app): any server process can take it back, nobody can read or change
/// it, and it ends at `expires`.
protocol SealedTicket: Codable, Sendable {
    /// Keeps one kind of ticket from being taken for another.
    static var purpose: String { get }
    var expires: Date { get }
}

extension SealedTicket {
    func sealed(_ vault: TokenVault) -> String {
        // Plain Codable structs of strings, dates and UUIDs always encode.
        vault.seal(try! JSONEncoder().encode(self), purpose: Self.purpose)
    }

    static func opened(_ text: String, _ vault: TokenVault, at now: Date) -> Self? {
        guard let data = vault.open(text, purpose: purpose), let ticket = try? JSONDecoder().decode(Self.self, from: data),
            ticket.expires > now
        else { return nil }
        return ticket
    }
}
