variable "cfg" {
  type = object({
    x = string
    y = optional(number, 7)
  })
  default = { x = "o" }
}

variable "zones" {
  type = list(string)
  default = ["a", "b"]

  validation {
    condition     = length(var.zones) < 5
    error_message = "The zones value is out of range."
  }
}
