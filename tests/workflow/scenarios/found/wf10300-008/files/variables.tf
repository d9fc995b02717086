variable "tags" {
  type = map(string)
  default = { a = "1", b = "2" }
}

variable "name" {
  type = string
  description = "A variable."
  default = "alpha"

  validation {
    condition     = length(var.name) > 1
    error_message = "The name value is out of range."
  }
}

variable "zones" {
  type = list(string)
  default = ["a", "b"]

  validation {
    condition     = length(var.zones) < 5
    error_message = "The zones value is out of range."
  }
}
