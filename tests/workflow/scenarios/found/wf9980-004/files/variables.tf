variable "cfg" {
  type = object({
    x = string
    y = optional(number, 7)
  })
  description = "A variable."
  default = { x = "o" }
}

variable "tags" {
  type = map(string)
  description = "A variable."
  default = { a = "1", b = "2" }
}
