import HummingbirdBcrypt
import NIOPosix
import ThriveCore

/// bcrypt from hummingbird-auth. Hashing is deliberately slow CPU work, so it runs on the blocking
/// thread pool and never stalls the event loops serving other requests.
public struct BcryptPasswordHasher: PasswordHasher {
    public let cost: UInt8

    public init(cost: Int) {
        self.cost = UInt8(clamping: cost)
    }

    public func hash(_ password: String) async -> String {
        let cost = self.cost
        return await run { Bcrypt.hash(password, cost: cost) }
    }

    public func verify(_ password: String, against hash: String) async -> Bool {
        await run { Bcrypt.verify(password, hash: hash) }
    }

    private func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        (try? await NIOThreadPool.singleton.runIfActive(work)) ?? work()
    }
}
