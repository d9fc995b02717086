variable "zones" {
  type = list(string)
  nullable = false
}

variable "size" {
  type = number
  description = "A variable."
  default = 2
}

variable "cfg" {
  type = object({
    x = string
    y = optional(number, 7)
  })
}
