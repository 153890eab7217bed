import Foundation

/// Why a run or an output failed, with what the message needs. The command line shows
/// `description` on one line; `isUsage` failures (the request could not be met as given) exit 2,
/// the others (a script failed, a write failed) exit 1.
public enum PipelineError: Error, CustomStringConvertible {
    case noSuchFile(String)
    case isDirectory(String)
    case notReadable(String)
    case unknownOutputType(path: String, extension: String, supported: [String])
    case missingDirectory(path: String, directory: String)
    case unwritableDirectory(path: String, directory: String)
    case cannotWrite(path: String, reason: String)
    case noFrames
    /// A live reload's second pass over the frames it stepped past did not sample the times
    /// the first pass did: the two runs of one version differed (a determinism bug).
    case passesDiffer(frames: Int, drawn: Int)
    /// The scene raised an error; the command shows it as a traceback.
    case scriptFailed(Error)
    case invalidOption(String)
    /// The run was asked to stop (watch: a newer save); nothing was written.
    case cancelled
    /// An image a script loads (`transit.image`) is not there; the caller names it.
    case imageMissing

    public var isUsage: Bool {
        switch self {
        case .noSuchFile, .isDirectory, .notReadable, .unknownOutputType, .missingDirectory, .unwritableDirectory, .invalidOption: return true
        case .cannotWrite, .noFrames, .passesDiffer, .scriptFailed, .cancelled, .imageMissing: return false
        }
    }

    public var description: String {
        switch self {
        case .noSuchFile(let path): return "\(path): no such file"
        case .isDirectory(let path): return "\(path): is a directory, not a Lua file"
        case .notReadable(let path): return "\(path): not readable"
        case .unknownOutputType(let path, let ext, let supported):
            return "\(path): unknown output type \".\(ext)\"; use " + supported.map { "." + $0 }.joined(separator: ", ") + " or a directory"
        case .missingDirectory(let path, let directory): return "\(path): directory \(directory) does not exist"
        case .unwritableDirectory(let path, let directory): return "\(path): directory \(directory) is not writable"
        case .cannotWrite(let path, let reason): return "\(path): cannot write: \(reason)"
        case .noFrames: return "nothing to render: the scene produced no frames"
        case .passesDiffer(let frames, let drawn):
            return "internal error: a second run of the same version sampled other times after \(drawn) of \(frames) frames (the scene did not run the same twice; please report it)"
        case .cancelled: return "cancelled by a newer save"
        case .imageMissing: return "no such file"
        case .scriptFailed(let error): return "\(error)"
        case .invalidOption(let message): return message
        }
    }
}
