variable "tags" {
  type = map(string)
  default = { a = "1", b = "2" }
}

variable "zones" {
  type = list(string)
  description = "A variable."
  default = ["a", "b"]

  validation {
    condition     = length(var.zones) < 5
    error_message = "The zones value is out of range."
  }
}

variable "tags1" {
  type = map(string)
  description = "A variable."
  nullable = false
}
