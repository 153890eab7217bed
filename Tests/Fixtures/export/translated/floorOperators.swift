// Lua's % is a floored modulo and // a floor division: the helpers at the end do what Lua does,
// for integers and floats (a float // is floor(a / b)); `..` writes an integer as Lua does.

import UIKit

final class Grid: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using ctx: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
        return 0.3
    }

    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
        let container = ctx.containerView
        let count = container.subviews.count
        for i in stride(from: 1, through: count, by: 1) {
            let column = floorModulo(i - 1, 3)
            let row = floorDivision(i - 1, 3)
            container.subviews[i - 1].frame = CGRect(x: CGFloat(column) * 100, y: CGFloat(row) * 100, width: 100, height: 100)
        }
        ctx.viewController(forKey: .to)!.title = "cells: " + String(count)
        container.alpha = floorModulo(container.alpha, 1)
        container.layer.zPosition = (container.frame.size.width / 2).rounded(.down)
        ctx.completeTransition(true)
    }
}

/// Lua's % on integers: the remainder takes the divisor's sign (a floored modulo).
func floorModulo(_ a: Int, _ b: Int) -> Int {
    if b == -1 { return 0 }  // as Lua: Int.min % -1 would overflow
    let r = a % b  // traps on 0, where Lua raises
    return r != 0 && (r ^ b) < 0 ? r + b : r
}

/// Lua's % on floats: C's fmod, moved to the divisor's side when the signs differ.
func floorModulo<F: FloatingPoint>(_ a: F, _ b: F) -> F {
    let r = a.truncatingRemainder(dividingBy: b)
    return (r > 0 ? b < 0 : r < 0 && b > 0) ? r + b : r
}

/// Lua's // on integers: the quotient rounded towards minus infinity.
func floorDivision(_ a: Int, _ b: Int) -> Int {
    if b == -1 { return 0 &- a }  // as Lua: Int.min / -1 would overflow
    let q = a / b  // traps on 0, where Lua raises
    return (a ^ b) < 0 && a % b != 0 ? q - 1 : q
}
