import Foundation
import ThriveCore

/// Server wins per field, last writer wins on distinct fields: the settings rule.
public enum FieldMerge {
    /// Splits a device's changed fields (as leaves, "display.theme") into those to apply and those
    /// the server changed since the device's base, which keep the server's value.
    public static func serverWinsPerField(
        device: [String: JSONValue], serverChangedSinceBase: Set<String>
    ) -> (apply: [String: JSONValue], overruled: [String]) {
        var apply: [String: JSONValue] = [:]
        var overruled: [String] = []
        for (path, value) in device {
            if serverChangedSinceBase.contains(where: { overlaps($0, path) }) {
                overruled.append(path)
            } else {
                apply[path] = value
            }
        }
        return (apply, overruled.sorted())
    }

    /// Whether two paths name the same field or one lies inside the other ("a.b" and "a.b.c").
    public static func overlaps(_ one: String, _ other: String) -> Bool {
        one == other || one.hasPrefix(other + ".") || other.hasPrefix(one + ".")
    }

    /// Of two versions of the same thing, the one made later; the device's on a tie, as it is the
    /// newer news to the server. The rule for habit check-ins.
    public static func later<Value>(_ server: (value: Value, madeAt: Date), _ device: (value: Value, madeAt: Date)) -> Value {
        device.madeAt >= server.madeAt ? device.value : server.value
    }

    /// Every message of both sides once (by ID), in time order: the rule for chat messages.
    public static func appendAll<Message: Identifiable>(_ server: [Message], _ device: [Message], time: (Message) -> Date)
        -> [Message]
    {
        var seen = Set<Message.ID>()
        return (server + device).filter { seen.insert($0.id).inserted }.sorted { time($0) < time($1) }
    }
}
