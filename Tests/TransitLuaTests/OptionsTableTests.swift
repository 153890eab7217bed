import CLua
import Testing
@testable import TransitCore
@testable import TransitLua

/// Options tables and constructor arguments: every misspelt key is answered in one wording
/// that lists what the table takes, and a view class takes a CGRect as its frame, as UIKit's
/// `UIView(frame:)` does.
@Suite struct OptionsTableTests {
    @Test func aViewBuiltFromACGRectHasThatFrame() throws {
        let h = try Harness()
        try h.run("view = UIView.new(CGRect(1, 2, 30, 40)); label = UILabel.new(CGRect(5, 6, 7, 8))")
        lua_getglobal(h.runtime.L, "view")
        let view = try #require(h.runtime.object(at: -1) as? View)
        #expect(view.frame == Rect(x: 1, y: 2, width: 30, height: 40))
        lua_getglobal(h.runtime.L, "label")
        let label = try #require(h.runtime.object(at: -1) as? Label)
        #expect(label.frame == Rect(x: 5, y: 6, width: 7, height: 8))
    }

    @Test func aCGRectFrameIsCheckedAsTheFramePropertyIs() throws {
        let h = try Harness()
        let message = try h.error("UIView.new(CGRect(0, 0, 0/0, 10))")
        #expect(message?.contains("UIView.frame: must be finite") == true, "\(message ?? "no error")")
    }

    @Test func aValueWhereNoFrameIsTakenNamesTheArgument() throws {
        let h = try Harness()
        // A layer has a frame but no UIKit initializer taking one; a point is no frame at all.
        let layer = try h.error("CALayer.new(CGRect(0, 0, 1, 1))")
        #expect(layer?.contains("CALayer.new: argument 1 (options) must be a table of CALayer's settable properties (got CGRect)") == true, "\(layer ?? "no error")")
        let point = try h.error("UIView.new(CGPoint(1, 2))")
        #expect(point?.contains("argument 1 (options) must be a table of UIView's settable properties (got CGPoint)") == true, "\(point ?? "no error")")
    }

    @Test func unknownOptionsListWhatIsAccepted() throws {
        let h = try Harness()
        // A constructor's options are the class's settable properties (and its extra keys).
        let constructor = try #require(try h.error("UIViewController.new{ titel = 'x' }"))
        #expect(constructor.contains("unknown option \"titel\"; accepted: "), "\(constructor)")
        let accepted = Set(constructor.components(separatedBy: "accepted: ").last!.components(separatedBy: ", "))
        #expect(accepted.isSuperset(of: ["title", "backgroundColor", "modalPresentationStyle"]), "\(accepted)")
        // animateKeyframes used to name the key alone.
        let keyframes = try #require(try h.error("UIView.animateKeyframes{ duration = 1, animations = function() end, dealy = 1 }"))
        #expect(keyframes.contains("unknown option \"dealy\"; accepted: animations, completion, delay, duration, options"), "\(keyframes)")
        // UIColor's used to list its keys in their own order.
        let color = try #require(try h.error("UIColor{ red = 1, gren = 0 }"))
        #expect(color.contains("unknown option \"gren\"; accepted: alpha, blue, green, red, white"), "\(color)")
    }

    /// One declaration, three uses: the key check and its message, the stubs' exact class and
    /// the reference's line all come from the same OptionTable.
    @Test func anOptionsDeclarationDrivesTheCheckTheStubAndTheReference() throws {
        let table = TransitAPI.animateOptions
        let h = try Harness()
        let message = try #require(try h.error("UIView.animate{ duration = 1, animations = function() end, dureation = 2 }"))
        #expect(message.contains("UIView.animate: unknown option \"dureation\"; accepted: " + table.accepted.joined(separator: ", ")), "\(message)")

        let api = LuaRuntime.apiDescription
        let stubs = api.luaLanguageServerDefinitions
        #expect(stubs.contains("---@class (exact) UIView.AnimateOptions\n---@field duration number seconds\n---@field delay? number"), "the class and its required and optional fields")
        #expect(stubs.contains("---@param durationOrOptions number|UIView.AnimateOptions"), "the parameter is typed by the table")
        for field in table.fields {
            #expect(stubs.contains("---@field \(field.name)\(field.isRequired ? "" : "?") \(field.type.luals)"), "\(field.name)")
        }
        #expect(api.markdownReference.contains("- `UIView.AnimateOptions`: `duration` (`number`, seconds), `delay?` (`number`"))
        // Every table is declared once by name: two declarations of one name would give the
        // stubs two classes.
        let names = api.optionTables.map(\.name)
        #expect(Set(names).count == names.count && names.contains("UIBezierPath.RectOptions") && names.contains("transit.touch.PanOptions"))
    }

    /// The tables that had words of their own now say the one message, their hint after it.
    @Test func formerlyOwnWordedTablesSayTheOneMessageAndTheirHintAfter() throws {
        let h = try Harness()
        let path = try #require(try h.error("UIBezierPath{ radius = 3 }"))
        #expect(path.contains("unknown option \"radius\"; accepted: arcCenter, cgPath, ovalIn, rect, roundedRect. UIBezierPath takes one of {rect=}"), "\(path)")
        let anchor = try #require(try h.error("local v = UIView.new(); return v.topAnchor:constraint{ multiplier = 2 }"))
        #expect(anchor.contains("unknown option \"multiplier\"; accepted: constant, equalTo, greaterThanOrEqualTo, lessThanOrEqualTo. That key is for sizes: only a width or height anchor takes multiplier"), "\(anchor)")
        let indexPath = try #require(try h.error("IndexPath{ item = 1, sectoin = 1 }"))
        #expect(indexPath.contains("IndexPath.new: unknown option \"sectoin\"; accepted: item, row, section. Give item or row"), "\(indexPath)")
    }

    /// The error carries what it is about as data: an unknown option names its function,
    /// argument, key and the accepted keys, so nothing reads them back out of the text.
    @Test func anUnknownOptionErrorCarriesItsParts() throws {
        let h = try Harness()
        let call = HostCall(runtime: h.runtime, name: "UIView.animate", base: 1)
        let error = call.unknownOption("dealy", of: TransitAPI.animateOptions, argument: 1, hint: "A hint")
        #expect(error.subject == .unknownOption(function: "UIView.animate", index: 1, key: "dealy", accepted: TransitAPI.animateOptions.accepted))
        #expect(error.message == "UIView.animate: unknown option \"dealy\"; accepted: " + TransitAPI.animateOptions.accepted.joined(separator: ", ") + ". A hint")
    }

    /// A constructor's table of settable properties is declared once (`OptionTable.properties`):
    /// the keys the constructor accepts at run time are exactly the fields of the stubs' class,
    /// for every class whose constructor takes one, and a view class's parameter is typed
    /// `CGRect|UIView.Properties`, not `table`.
    @Test func aConstructorsPropertyTableIsTheSameInTheCheckAndTheStub() throws {
        let api = LuaRuntime.apiDescription
        let stubs = api.luaLanguageServerDefinitions
        let tables = api.optionTables.filter { $0.propertiesOf != nil }
        #expect(tables.count >= 20, "\(tables.map(\.name))")
        for table in tables {
            let className = try #require(table.propertiesOf)
            // The stub's class: its `---@field` lines, up to the blank line that ends it.
            let header = "---@class (exact) \(table.name)\n"
            let start = try #require(stubs.range(of: header), "no stub class \(table.name)")
            let body = stubs[start.upperBound...].prefix { _ in true }.components(separatedBy: "\n\n")[0]
            let stubKeys = Set(body.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("---@field ") else { return nil }
                return String(line.dropFirst(10).prefix { $0 != " " && $0 != "?" })
            })
            // What the constructor accepts: the message of a key it does not take lists it.
            let h = try Harness()
            let needs = className == "UICollectionView" ? "collectionViewLayout = UICollectionViewFlowLayout.new(), " : ""
            let message = try #require(try h.error("\(className).new{ \(needs)notAProperty = 1 }"), "\(className) took an unknown key")
            #expect(message.contains("\(className).new: unknown option \"notAProperty\"; accepted: "), "\(message)")
            let accepted = Set(message.components(separatedBy: "accepted: ").last!.components(separatedBy: "\n")[0].components(separatedBy: ", "))
            #expect(accepted == stubKeys, "\(className): accepted but not in the stub \(accepted.subtracting(stubKeys)); in the stub but refused \(stubKeys.subtracting(accepted))")
        }
        #expect(stubs.contains("---@param options? CGRect|UIView.Properties"))
        #expect(stubs.contains("---@param options? UIViewController.Properties"))
        #expect(stubs.contains("---@class (exact) UILabel.Properties\n"))
        // Inherited properties are fields too, and `name? T` is written without a second `?`.
        for field in ["---@field text? string", "---@field alpha? number", "---@field frame? CGRect", "---@field backgroundColor? UIColor "] {
            let label = stubs.components(separatedBy: "---@class (exact) UILabel.Properties\n")[1].components(separatedBy: "\n\n")[0]
            #expect(label.contains(field), "UILabel.Properties lacks \(field)")
        }
        let button = stubs.components(separatedBy: "---@class (exact) UIButton.Properties\n")[1].components(separatedBy: "\n\n")[0]
        #expect(button.contains("---@field title? string") && button.contains("---@field titleColor? UIColor"), "the initializer's own keys")
    }
}
