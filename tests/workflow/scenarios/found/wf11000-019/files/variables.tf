variable "tags" {
  type = map(string)
  default = { a = "1", b = "2" }
}

variable "size" {
  type = number
  default = 2
}

variable "cfg" {
  type = object({
    x = string
    y = optional(number, 7)
  })
  description = "A variable."
  default = { x = "o" }
}
