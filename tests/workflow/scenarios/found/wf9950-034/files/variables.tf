variable "cfg" {
  type = object({
    x = string
    y = optional(number, 7)
  })
  description = "A variable."
  default = { x = "o" }
  nullable = false
}

variable "zones" {
  type = list(string)
  default = ["a", "b"]
}
