import Foundation

/// Where a test kit is, in the order it gets there. A kit exists from when the lab issues it; the
/// person registers it, posts the sample, the lab receives and processes it, and the result is ready.
public enum KitStatus: String, Sendable, Codable, CaseIterable, Comparable {
    case issued
    case registered
    case shipped
    case receivedAtLab = "received"
    case processing
    case resultsReady = "ready"

    var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    public static func < (lhs: KitStatus, rhs: KitStatus) -> Bool { lhs.rank < rhs.rank }

    /// The steps a person sees on the kit's timeline.
    public static let timeline: [KitStatus] = [.registered, .shipped, .receivedAtLab, .processing, .resultsReady]

    /// Whether the lab may move a kit from here to `next`: forward only, from registration on (a
    /// kit nobody registered has no one to tell).
    public func canMove(to next: KitStatus) -> Bool {
        self >= .registered && next > self && next != .resultsReady
    }

    /// "Registered", "Sample on its way", …
    public var title: Phrase { Phrase("labs.status.\(rawValue)") }
}

/// A kit number the lab issued, and what happened to it.
public struct TestKit: Hashable, Sendable {
    public let number: KitNumber
    public let issuedAt: Date
    public var owner: UserID?
    public var registeredAt: Date?
    public var status: KitStatus
    /// When each step was reached, in order.
    public var history: [KitStep]

    public init(
        number: KitNumber, issuedAt: Date, owner: UserID? = nil, registeredAt: Date? = nil, status: KitStatus = .issued,
        history: [KitStep] = []
    ) {
        self.number = number
        self.issuedAt = issuedAt
        self.owner = owner
        self.registeredAt = registeredAt
        self.status = status
        self.history = history
    }

    /// Days the person has to send the sample after registering (spec 001).
    public static let sendWithinDays = 7
}

public struct KitStep: Hashable, Sendable, Codable {
    public let status: KitStatus
    public let at: Date

    public init(status: KitStatus, at: Date) {
        self.status = status
        self.at = at
    }
}

/// A batch of kits the lab issued together, and how far its kits have come.
public struct KitBatch: Hashable, Sendable {
    public let name: String
    public let issuedAt: Date
    public let kits: Int
    public let registered: Int
    public let resulted: Int

    public init(name: String, issuedAt: Date, kits: Int, registered: Int, resulted: Int) {
        self.name = name
        self.issuedAt = issuedAt
        self.kits = kits
        self.registered = registered
        self.resulted = resulted
    }
}
