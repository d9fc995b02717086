variable "cfg" {
  type = object({
    x = string
    y = optional(number, 7)
  })
  description = "A variable."
  default = { x = "o" }
}
