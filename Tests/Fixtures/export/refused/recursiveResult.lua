local A = NSObject:subclass("A")
function A:h(a)
  return self:h(a)
end
function A:transitionDuration(c)
  return self:h(0.3)
end
return A
